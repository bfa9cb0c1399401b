import { type ReconnectSchedule, reconnectDelay, reconnectSchedule } from './reconnect-schedule';

interface StateChange {
  previous: string;
  current: string;
}

/** The part of pusher-js's connection manager (`pusher.connection`) this module drives. */
export interface ReconnectableConnection {
  readonly state: string;
  bind(event: 'state_change', callback: (change: StateChange) => void): unknown;
  unbind(event: 'state_change', callback: (change: StateChange) => void): unknown;
  connect(): void;
  disconnect(): void;
}

export interface KeepReconnectingOptions {
  schedule?: ReconnectSchedule;
  random?: () => number;
}

/**
 * Starts a fresh connection attempt on `reconnectDelay`'s schedule for as long as pusher-js is trying to
 * connect, and returns the means to stop.
 *
 * Why: pusher-js has no option for its retry timing. Its default strategy (src/runtimes/web/default_strategy.ts)
 * gives each websocket attempt a 15 s timeout that doubles up to 60 s, and a refused attempt fails at once but
 * waits out that timer before the next (SequentialStrategy ignores errors while the timer runs): after a 2.5 s
 * API restart the socket came back 16 s later, after a longer outage up to a minute. `activityTimeout`,
 * `pongTimeout` and `unavailableTimeout` only concern noticing a dead connection or naming the state. The
 * supported lever is the connection manager's own `disconnect()` + `connect()`, which drops the waiting attempt
 * and starts a new one at once (the transport cache, already flushed by the failure, adds no delay); pusher-js
 * then resubscribes every channel on `connected`, which starts the room's catch-up as after any reconnect.
 * The attempts' failures are not reported, so each one is given its wait whatever happened: never less than
 * twice the last handshake, so a slow link is not cut off mid-handshake.
 *
 * Left alone: 'connected'; and 'disconnected' or 'failed' that this module did not cause (the app
 * disconnected, the server refused the app with a 40xx code, no transport), where pusher-js stops too.
 */
export function keepReconnecting(
  connection: ReconnectableConnection,
  { schedule = reconnectSchedule, random = Math.random }: KeepReconnectingOptions = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the connection went down; null while connected or left alone. */
  let downSince: number | null = null;
  let attemptStartedAt: number | null = null;
  let handshakeMs: number | null = null;
  let restarting = false;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const attemptStarted = () => {
    const now = Date.now();
    downSince ??= now;
    attemptStartedAt = now;
    cancel();
    const delay = reconnectDelay({ downForMs: now - downSince, handshakeMs, random: random() }, schedule);
    timer = setTimeout(restart, delay);
  };
  const restart = () => {
    restarting = true;
    try {
      connection.disconnect();
      connection.connect();
    } finally {
      restarting = false;
    }
    attemptStarted();
  };

  const onStateChange = ({ current }: StateChange) => {
    if (restarting) return;
    switch (current) {
      case 'connecting':
        attemptStarted();
        return;
      case 'unavailable':
        // pusher-js's name for "still connecting after `unavailableTimeout`": the schedule runs on.
        return;
      case 'connected':
        cancel();
        if (attemptStartedAt !== null) handshakeMs = Date.now() - attemptStartedAt;
        downSince = null;
        attemptStartedAt = null;
        return;
      default:
        cancel();
        downSince = null;
        attemptStartedAt = null;
    }
  };

  // pusher-js starts an attempt of its own when the browser comes online while it is trying to connect.
  const onOnline = () => {
    if (downSince !== null) attemptStarted();
  };

  connection.bind('state_change', onStateChange);
  globalThis.addEventListener?.('online', onOnline);
  // pusher-js starts its first connection in its constructor, before anyone could listen.
  if (connection.state === 'connecting' || connection.state === 'unavailable') attemptStarted();
  return () => {
    cancel();
    connection.unbind('state_change', onStateChange);
    globalThis.removeEventListener?.('online', onOnline);
  };
}
