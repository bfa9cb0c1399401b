import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { takeJoinFailure } from './join-failure';

/**
 * Why the last join failed, shown once after the spec's reload. Taken in an effect, not during render,
 * because taking it consumes it (StrictMode runs effects twice; the second run finds nothing and keeps it).
 */
export function JoinFailureAlert() {
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    const taken = takeJoinFailure();
    if (taken) setReason(taken);
  }, []);
  if (!reason) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="Could not join the room"
      description={reason}
      closable={{ onClose: () => setReason(null) }}
    />
  );
}
