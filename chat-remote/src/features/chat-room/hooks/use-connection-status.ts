import { type ConnectionStatus, useServices } from '@chat/shared';
import { useEcho } from '@chat/shared/use-echo';
import { useCallback, useSyncExternalStore } from 'react';

function subscribeToNetwork(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

const nothingToWatch = () => () => {};

/**
 * The websocket's state as Echo reports it ('connecting' while its code downloads), or 'disconnected' while
 * the browser knows it is offline: pusher-js only notices a dead socket when a ping goes unanswered, up to
 * half a minute later.
 */
export function useConnectionStatus(): ConnectionStatus {
  const client = useEcho(useServices().echo);
  const subscribe = useCallback(
    (notify: () => void) => client?.connector.onConnectionChange(notify) ?? nothingToWatch(),
    [client],
  );
  const status = useSyncExternalStore(subscribe, () => client?.connectionStatus() ?? 'connecting');
  const online = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
  return online ? status : 'disconnected';
}
