import { takeJoinFailure } from '@chat/shared';
import { useEffect, useState } from 'react';

/**
 * Why the last join failed, read once after the spec's reload. Taken in an effect, not during render,
 * because taking it consumes it (StrictMode runs effects twice; the second run finds nothing and keeps it).
 */
export function useJoinFailure() {
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    const taken = takeJoinFailure();
    if (taken) setReason(taken);
  }, []);
  return { reason, dismiss: () => setReason(null) };
}
