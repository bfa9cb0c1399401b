import { useServices } from '@chat/shared';
import type { ConnectionStatus } from 'laravel-echo';
import { useCallback, useSyncExternalStore } from 'react';

function subscribeToNetwork(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/**
 * The websocket's state as Echo reports it, or 'disconnected' while the browser knows it is offline:
 * pusher-js only notices a dead socket when a ping goes unanswered, up to half a minute later.
 */
export function useConnectionStatus(): ConnectionStatus {
  const { echo } = useServices();
  const subscribe = useCallback((notify: () => void) => echo().connector.onConnectionChange(notify), [echo]);
  const status = useSyncExternalStore(subscribe, () => echo().connectionStatus());
  const online = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
  return online ? status : 'disconnected';
}
