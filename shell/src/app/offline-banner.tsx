import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';

export const OFFLINE_TEXT = 'You are offline.';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Says so while the browser has no network. Laid over the top of the page rather than in its flow: online it
 * takes no room at all, and going offline moves nothing the person is reading or typing (the chat's outbox
 * keeps what they send meanwhile).
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Alert
      banner
      type="warning"
      title={OFFLINE_TEXT}
      style={{ position: 'fixed', insetBlockStart: 0, insetInline: 0, zIndex: 1100 }}
    />
  );
}
