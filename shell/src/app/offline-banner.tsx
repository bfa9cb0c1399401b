import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';
import './offline-banner.css';

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
 * Says so while the browser has no network. Laid over the header's empty part rather than in the page's flow
 * (./offline-banner.css): online it takes no room at all, and going offline moves nothing the person is
 * reading or typing (the chat's outbox keeps what they send meanwhile), nor hides the title or the menu.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return <Alert className="offline-banner" type="warning" showIcon title={OFFLINE_TEXT} />;
}
