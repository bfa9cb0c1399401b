/** How often to ask whether the websocket's server is back while the socket is down. */
export interface ReconnectSchedule {
  /** The shortest wait: the first checks of an outage come this quickly. */
  minMs: number;
  /** The longest wait, however long the outage lasts: the time lost after the server is back stays below it. */
  maxMs: number;
  /** The wait as a share of the outage so far, between the two. */
  ratio: number;
  /** Up to this share of a wait is taken off at random, so clients cut off together do not all come back together. */
  jitter: number;
}

/**
 * 0.5 s apart at first, a twentieth of the outage once it passes 10 s, 1 s apart at most (from 20 s on).
 * What is asked is an HTTP request to the websocket's address (`websocketReachable`), not a websocket
 * attempt: it costs a refused TCP connection while the server is down, so the cap can stay at 1 s and a
 * client is live again within about a second of the server's return however long the outage lasted.
 */
export const reconnectSchedule: ReconnectSchedule = { minMs: 500, maxMs: 1_000, ratio: 0.05, jitter: 0.5 };

export interface ReconnectTiming {
  /** How long the connection has been down. */
  downForMs: number;
  /** A number in [0, 1). */
  random: number;
}

/** The wait before the next check: jittered, growing with the outage up to the schedule's cap. */
export function reconnectDelay(
  { downForMs, random }: ReconnectTiming,
  schedule: ReconnectSchedule = reconnectSchedule,
): number {
  const base = Math.min(schedule.maxMs, Math.max(schedule.minMs, downForMs * schedule.ratio));
  return Math.round(base * (1 - schedule.jitter * random));
}

/** Before any handshake is measured, an attempt is given 2 s: a first page load's connection is left alone. */
const UNMEASURED_HANDSHAKE_MS = 1_000;
/** An attempt is never given less, nor more. */
const ATTEMPT_MIN_MS = 2_000;
const ATTEMPT_MAX_MS = 10_000;

/**
 * How long a websocket attempt is left to finish before it may be replaced: twice the last handshake (pusher-js's
 * own rule for its cached transport), so a slow link still gets through, and 2 s at least. Why at least: Chromium
 * holds back the handshakes of a page that has had many failed ones (services/network/websocket_throttler.cc:
 * up to 1–5 s, counted over the last 2–4 minutes), and an attempt abandoned while held back counts as one more
 * failure; cutting attempts short after every 0.5–1.5 s kept a page offline for 17–32 s after the server's return.
 */
export function attemptWindow(handshakeMs: number | null): number {
  return Math.min(ATTEMPT_MAX_MS, Math.max(ATTEMPT_MIN_MS, 2 * (handshakeMs ?? UNMEASURED_HANDSHAKE_MS)));
}
