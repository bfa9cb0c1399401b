import type { ConnectionStatus, EchoClient } from '@chat/shared';

type Callback = (payload?: unknown) => void;

function fakeChannel() {
  const listeners = new Map<string, Set<Callback>>();
  const onSubscribed = new Set<Callback>();
  const onError = new Set<Callback>();
  const api = {
    listen(event: string, callback: Callback) {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
      return api;
    },
    stopListening(event: string, callback?: Callback) {
      if (callback) listeners.get(event)?.delete(callback);
      else listeners.delete(event);
      return api;
    },
    subscribed(callback: Callback) {
      onSubscribed.add(callback);
      return api;
    },
    error(callback: Callback) {
      onError.add(callback);
      return api;
    },
  };
  return { api, listeners, onSubscribed, onError };
}

/** A presence channel as Echo's `join` gives it: who is here, joining and leaving, and whispers. */
function fakePresenceChannel() {
  const base = fakeChannel();
  const here = new Set<Callback>();
  const joining = new Set<Callback>();
  const leaving = new Set<Callback>();
  const whispers = new Map<string, Set<Callback>>();
  const sent: { event: string; data: unknown }[] = [];
  const api = {
    ...base.api,
    here(callback: Callback) {
      here.add(callback);
      return api;
    },
    joining(callback: Callback) {
      joining.add(callback);
      return api;
    },
    leaving(callback: Callback) {
      leaving.add(callback);
      return api;
    },
    error(callback: Callback) {
      base.onError.add(callback);
      return api;
    },
    whisper(event: string, data: unknown) {
      sent.push({ event, data });
      return api;
    },
    listenForWhisper(event: string, callback: Callback) {
      const set = whispers.get(event) ?? new Set();
      set.add(callback);
      whispers.set(event, set);
      return api;
    },
    stopListeningForWhisper(event: string, callback: Callback) {
      whispers.get(event)?.delete(callback);
      return api;
    },
  };
  return { api, here, joining, leaving, whispers, sent, onError: base.onError };
}

/**
 * Echo as the chat room uses it, driven by the test: deliver events on a channel, succeed or refuse a
 * subscription (what pusher-js reports after the server's answer, again after each reconnect), change the
 * connection state. Like pusher-js, a channel keeps its `subscribed` and `error` callbacks when left and
 * joined again. Unit tests only; e2e runs the real websocket server.
 */
export function createFakeEcho() {
  const channels = new Map<string, ReturnType<typeof fakeChannel>>();
  const presence = new Map<string, ReturnType<typeof fakePresenceChannel>>();
  /** Presence channels joined (by full name, `presence-…`) and not left since. */
  const present = new Set<string>();
  const onStatus = new Set<Callback>();
  let status: ConnectionStatus = 'connected';
  const subscribedTo: string[] = [];
  const left: string[] = [];
  /** Channels joined and not left since. */
  const joined = new Set<string>();

  const echo = {
    private(name: string) {
      subscribedTo.push(name);
      joined.add(name);
      const channel = channels.get(name) ?? fakeChannel();
      channels.set(name, channel);
      return channel.api;
    },
    leave(name: string) {
      left.push(name);
      joined.delete(name);
    },
    join(name: string) {
      const full = `presence-${name}`;
      present.add(full);
      const channel = presence.get(full) ?? fakePresenceChannel();
      presence.set(full, channel);
      return channel.api;
    },
    /** By full name, as Echo's leaveChannel: a private channel is recorded as left by its short name. */
    leaveChannel(name: string) {
      if (name.startsWith('private-')) {
        const short = name.slice('private-'.length);
        left.push(short);
        joined.delete(short);
        return;
      }
      present.delete(name);
    },
    connectionStatus: () => status,
    connector: {
      onConnectionChange(callback: Callback) {
        onStatus.add(callback);
        return () => onStatus.delete(callback);
      },
    },
  };

  const joinedChannel = (name: string) => (joined.has(name) ? channels.get(name) : undefined);
  const presenceChannel = (name: string) => (present.has(name) ? presence.get(name) : undefined);

  return {
    echo: echo as unknown as EchoClient,
    subscribedTo,
    left,
    joined,
    /** An event on a channel the room has joined (a left channel hears nothing, as with pusher-js). */
    emit(channel: string, event: string, payload: unknown) {
      for (const callback of joinedChannel(channel)?.listeners.get(event) ?? []) callback(payload);
    },
    /** The server accepts the subscription: every joined channel by default, as after a reconnect. */
    succeedSubscription(name?: string) {
      for (const channel of name ? [name] : [...joined]) {
        for (const callback of joinedChannel(channel)?.onSubscribed ?? []) callback();
      }
    },
    /** The server refuses it; pusher-js reports a refused authorisation like this. */
    failSubscription(name: string, error: unknown = { type: 'AuthError', error: 'Forbidden', status: 403 }) {
      for (const callback of joinedChannel(name)?.onError ?? []) callback(error);
    },
    /** Presence channels (full names) joined and not left since. */
    present,
    /** The presence channel answers who is here (`here`), or someone opens or closes the room. */
    presence(name: string, event: 'here' | 'joining' | 'leaving', payload: unknown) {
      for (const callback of presenceChannel(name)?.[event] ?? []) callback(payload);
    },
    /** The server refuses the presence channel. */
    failPresence(name: string, error: unknown = { type: 'AuthError', error: 'Forbidden', status: 403 }) {
      for (const callback of presenceChannel(name)?.onError ?? []) callback(error);
    },
    /** Another member whispers; `metadata` is what pusher-js passes along (the sender's user_id). */
    whisper(name: string, event: string, data: unknown, metadata?: unknown) {
      for (const callback of presenceChannel(name)?.whispers.get(event) ?? [])
        (callback as (data: unknown, metadata?: unknown) => void)(data, metadata);
    },
    /** What this client whispered on a presence channel, in order. */
    whispered: (name: string) => presence.get(name)?.sent ?? [],
    setStatus(next: ConnectionStatus) {
      status = next;
      for (const callback of onStatus) callback(next);
    },
  };
}
