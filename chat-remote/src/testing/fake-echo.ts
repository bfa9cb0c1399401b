import type { EchoClient } from '@chat/shared';
import type { ConnectionStatus } from 'laravel-echo';

type Callback = (payload?: unknown) => void;

/**
 * Echo as the chat room uses it, driven by the test: deliver events, succeed the subscription again
 * (what pusher-js does after a reconnect), change the connection state. Unit tests only; e2e runs the
 * real websocket server.
 */
export function createFakeEcho() {
  const listeners = new Map<string, Set<Callback>>();
  const onSubscribed = new Set<Callback>();
  const onStatus = new Set<Callback>();
  let status: ConnectionStatus = 'connected';
  const subscribedTo: string[] = [];
  const left: string[] = [];

  const channel = {
    listen(event: string, callback: Callback) {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
      return channel;
    },
    stopListening(event: string, callback?: Callback) {
      if (callback) listeners.get(event)?.delete(callback);
      else listeners.delete(event);
      return channel;
    },
    subscribed(callback: Callback) {
      onSubscribed.add(callback);
      return channel;
    },
    error() {
      return channel;
    },
  };

  const echo = {
    private(name: string) {
      subscribedTo.push(name);
      return channel;
    },
    leave(name: string) {
      left.push(name);
    },
    connectionStatus: () => status,
    connector: {
      onConnectionChange(callback: Callback) {
        onStatus.add(callback);
        return () => onStatus.delete(callback);
      },
    },
  };

  return {
    echo: echo as unknown as EchoClient,
    subscribedTo,
    left,
    emit(event: string, payload: unknown) {
      for (const callback of listeners.get(event) ?? []) callback(payload);
    },
    succeedSubscription() {
      for (const callback of onSubscribed) callback();
    },
    setStatus(next: ConnectionStatus) {
      status = next;
      for (const callback of onStatus) callback(next);
    },
  };
}
