/** How soon to start another connection attempt while the websocket is down. */
export interface ReconnectSchedule {
  /** The shortest wait: the first attempts of an outage come this quickly. */
  minMs: number;
  /** The longest wait, however long the outage lasts. */
  maxMs: number;
  /** The wait as a share of the outage so far: the time lost after the server is back stays this small a part of it. */
  ratio: number;
  /** Up to this share of a wait is taken off at random, so clients cut off together do not all come back together. */
  jitter: number;
}

/**
 * 0.5 s apart at first, a twentieth of the outage once it passes 10 s, 5 s apart at most (from 100 s on).
 * Doubling each wait (0.5, 1, 2, 4 s…) would reach the cap within 8 s, and a restart of the API lasts that
 * long or more as a client sees it (stopped, then its start-up: 5 to 17 s measured): the first attempt after
 * its return could come 5 s late. Growing with the outage keeps the time lost after the return to about a
 * twentieth of the outage. An attempt at a server that is down costs a refused TCP connection.
 */
export const reconnectSchedule: ReconnectSchedule = { minMs: 500, maxMs: 5_000, ratio: 0.05, jitter: 0.5 };

export interface ReconnectTiming {
  /** How long the connection has been down. */
  downForMs: number;
  /**
   * How long the last successful handshake took, if one did. An attempt is given twice that before it is
   * abandoned (pusher-js's own rule for its cached transport), so that a slow link still gets through.
   */
  handshakeMs: number | null;
  /** A number in [0, 1). */
  random: number;
}

/** Before any handshake is measured, an attempt is given 2 s: a first page load's connection is left alone. */
const UNMEASURED_HANDSHAKE_MS = 1_000;

/** The wait before the next attempt: jittered, growing with the outage, never shorter than a handshake needs. */
export function reconnectDelay(
  { downForMs, handshakeMs, random }: ReconnectTiming,
  schedule: ReconnectSchedule = reconnectSchedule,
): number {
  const base = Math.min(schedule.maxMs, Math.max(schedule.minMs, downForMs * schedule.ratio));
  const jittered = base * (1 - schedule.jitter * random);
  const attemptNeeds = Math.min(schedule.maxMs, 2 * (handshakeMs ?? UNMEASURED_HANDSHAKE_MS));
  return Math.round(Math.max(jittered, attemptNeeds));
}
