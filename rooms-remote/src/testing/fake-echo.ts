import type { EchoClient } from '@chat/shared';

type Callback = (payload?: unknown) => void;

/**
 * Echo as the room list uses it, driven by the test: `emit` delivers an event on a joined channel,
 * `succeedSubscription` reports the server's acceptance (as pusher-js does after each reconnect). Unit tests
 * only; e2e runs the real websocket server.
 */
export function createFakeEcho() {
  const listeners = new Map<string, Map<string, Set<Callback>>>();
  const onSubscribed = new Map<string, Set<Callback>>();
  const joined = new Set<string>();

  const echo = {
    private(name: string) {
      joined.add(name);
      const events = listeners.get(name) ?? new Map<string, Set<Callback>>();
      listeners.set(name, events);
      const subscribed = onSubscribed.get(name) ?? new Set<Callback>();
      onSubscribed.set(name, subscribed);
      const channel = {
        listen(event: string, callback: Callback) {
          events.set(event, (events.get(event) ?? new Set()).add(callback));
          return channel;
        },
        stopListening(event: string, callback: Callback) {
          events.get(event)?.delete(callback);
          return channel;
        },
        subscribed(callback: Callback) {
          subscribed.add(callback);
          return channel;
        },
      };
      return channel;
    },
    leave(name: string) {
      joined.delete(name);
    },
  };

  return {
    echo: echo as unknown as EchoClient,
    joined,
    emit(channel: string, event: string, payload: unknown) {
      if (!joined.has(channel)) return;
      for (const callback of listeners.get(channel)?.get(event) ?? []) callback(payload);
    },
    succeedSubscription(channel: string) {
      if (!joined.has(channel)) return;
      for (const callback of onSubscribed.get(channel) ?? []) callback();
    },
  };
}
