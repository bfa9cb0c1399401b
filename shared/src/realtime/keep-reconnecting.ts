import {
  attemptWindow,
  type ReconnectSchedule,
  reconnectDelay,
  reconnectSchedule,
} from './reconnect-schedule';

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
  /**
   * Whether the websocket's server answers at all (`websocketReachable`). While it does not, no websocket
   * attempt is made; without it, every check is an attempt.
   */
  reachable?: () => Promise<boolean>;
}

/** Consecutive failed attempts of one outage double the next one's window up to this many times. */
const MAX_WINDOW_DOUBLINGS = 3;

/**
 * While pusher-js is trying to connect, asks on `reconnectDelay`'s schedule whether the server is back, and
 * when it is, starts a fresh connection attempt at once; returns the means to stop.
 *
 * Why: pusher-js has no option for its retry timing. Its default strategy (src/runtimes/web/default_strategy.ts)
 * gives each websocket attempt a 15 s timeout that doubles up to 60 s, and a refused attempt fails at once but
 * waits out that timer before the next (SequentialStrategy ignores errors while the timer runs): after a 2.5 s
 * API restart the socket came back 16 s later, after a longer outage up to a minute. The supported lever is the
 * connection manager's own `disconnect()` + `connect()`, which drops the waiting attempt and starts a new one
 * at once; pusher-js then resubscribes every channel on `connected`, which starts the room's catch-up as after
 * any reconnect.
 *
 * Why ask first instead of attempting on the schedule: Chromium holds back the websocket handshakes of a page
 * that has had many failed ones (see `attemptWindow`), so attempts made into an outage, each a failure,
 * delayed the first attempt after the return by seconds, and through a TCP proxy (which takes the connection,
 * then closes it) kept a page offline 17–32 s after a 10 s outage. The question is an HTTP request that fails
 * at once while the server is away, so the page makes no websocket attempt until one can succeed.
 *
 * Left alone: 'connected'; and 'disconnected' or 'failed' that this module did not cause (the app
 * disconnected, the server refused the app with a 40xx code, no transport), where pusher-js stops too.
 */
export function keepReconnecting(
  connection: ReconnectableConnection,
  { schedule = reconnectSchedule, random = Math.random, reachable }: KeepReconnectingOptions = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the connection went down; null while connected or left alone. */
  let downSince: number | null = null;
  let attemptStartedAt: number | null = null;
  let handshakeMs: number | null = null;
  /** Attempts of this outage started after the server answered that did not connect. */
  let failedAttempts = 0;
  /** The attempt under way is one this module started because the server answered. */
  let ours = false;
  let restarting = false;
  let stopped = false;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const wait = (ms: number, then: () => void) => {
    cancel();
    timer = setTimeout(then, ms);
  };
  const checkSoon = () =>
    wait(
      reconnectDelay({ downForMs: Date.now() - (downSince ?? Date.now()), random: random() }, schedule),
      check,
    );

  /** An attempt is under way (pusher-js's or ours): it is given its window before anything replaces it. */
  const attemptStarted = () => {
    const now = Date.now();
    downSince ??= now;
    attemptStartedAt = now;
    const doublings = Math.min(failedAttempts, MAX_WINDOW_DOUBLINGS);
    wait(attemptWindow(handshakeMs) * 2 ** doublings, () => {
      timer = undefined;
      check();
    });
  };

  const check = async () => {
    timer = undefined;
    if (reachable) {
      const answered = await reachable();
      // Connected, left alone, stopped, or another attempt began while the question was out.
      if (stopped || downSince === null || timer !== undefined) return;
      if (!answered) {
        checkSoon();
        return;
      }
    }
    restart();
  };

  const restart = () => {
    if (ours) failedAttempts++;
    restarting = true;
    try {
      connection.disconnect();
      connection.connect();
    } finally {
      restarting = false;
    }
    attemptStarted();
    ours = reachable !== undefined;
  };

  const onStateChange = ({ current }: StateChange) => {
    if (restarting) return;
    switch (current) {
      case 'connecting':
        ours = false;
        attemptStarted();
        return;
      case 'unavailable':
        // pusher-js's name for "still connecting after `unavailableTimeout`": the checks run on.
        return;
      case 'connected':
        cancel();
        if (attemptStartedAt !== null) handshakeMs = Date.now() - attemptStartedAt;
        downSince = null;
        attemptStartedAt = null;
        failedAttempts = 0;
        ours = false;
        return;
      default:
        cancel();
        downSince = null;
        attemptStartedAt = null;
        failedAttempts = 0;
        ours = false;
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
    stopped = true;
    cancel();
    connection.unbind('state_change', onStateChange);
    globalThis.removeEventListener?.('online', onOnline);
  };
}
