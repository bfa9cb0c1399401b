import { type RemoteModuleId, remoteOf } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { contractMismatch } from './contract-mismatch';

interface RemoteFailedProps extends FallbackProps {
  id: RemoteModuleId;
  label: string;
  compact?: boolean;
}

export function RemoteFailed({ id, label, compact, error, resetErrorBoundary }: RemoteFailedProps) {
  const mismatch = useQuery({
    // Removed with this view (gcTime 0), so the failure after a Retry is looked into afresh.
    queryKey: ['remote-contract', id],
    queryFn: () => contractMismatch(id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const needs = mismatch.data ?? [];
  useEffect(() => {
    const found = mismatch.data ?? [];
    if (found.length > 0)
      console.error(`[federation] ${id} needs what this shell does not provide:\n  ${found.join('\n  ')}`);
  }, [id, mismatch.data]);
  const reason =
    needs.length > 0
      ? `${remoteOf(id)}-remote needs what this shell does not provide (${needs.join('; ')}). ` +
        'Deploy a newer shell first, or roll this remote back.'
      : error instanceof Error
        ? error.message
        : String(error);
  const title = `The ${label} is unavailable right now.`;
  if (compact) {
    return (
      <Alert
        type="warning"
        showIcon
        title={title}
        action={
          <Button size="small" onClick={resetErrorBoundary}>
            Retry
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="warning"
      title={title}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={resetErrorBoundary}>
          Retry
        </Button>
      }
    />
  );
}
