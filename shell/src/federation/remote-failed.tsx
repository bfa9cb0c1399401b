import { Button, Result } from 'antd';
import type { FallbackProps } from 'react-error-boundary';

export function RemoteFailed({ label, error, resetErrorBoundary }: FallbackProps & { label: string }) {
  return (
    <Result
      status="warning"
      title={`The ${label} is unavailable right now.`}
      subTitle={error instanceof Error ? error.message : String(error)}
      extra={
        <Button type="primary" onClick={resetErrorBoundary}>
          Retry
        </Button>
      }
    />
  );
}
