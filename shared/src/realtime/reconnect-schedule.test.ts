import { describe, expect, it } from '@rstest/core';
import { reconnectDelay, reconnectSchedule } from './reconnect-schedule';

/** A handshake as quick as a local server's: the floor it sets is below every wait of the schedule. */
const quick = 30;

describe('the reconnect schedule', () => {
  it('starts below a second, grows with the outage and stops at 5 s; jitter takes up to half off', () => {
    const waits = (downForMs: number) => [
      reconnectDelay({ downForMs, handshakeMs: quick, random: 0 }),
      reconnectDelay({ downForMs, handshakeMs: quick, random: 0.999_999 }),
    ];
    expect(waits(0)).toEqual([500, 250]);
    expect(waits(3_000)).toEqual([500, 250]);
    expect(waits(10_000)).toEqual([500, 250]);
    expect(waits(17_000)).toEqual([850, 425]);
    expect(waits(50_000)).toEqual([2_500, 1_250]);
    expect(waits(100_000)).toEqual([5_000, 2_500]);
    expect(waits(600_000)).toEqual([5_000, 2_500]);
  });

  it('gives an attempt twice the last handshake, and 2 s before any handshake was measured', () => {
    expect(reconnectDelay({ downForMs: 0, handshakeMs: 800, random: 0.5 })).toBe(1_600);
    expect(reconnectDelay({ downForMs: 0, handshakeMs: null, random: 0.5 })).toBe(2_000);
    expect(reconnectDelay({ downForMs: 0, handshakeMs: 60_000, random: 0 })).toBe(reconnectSchedule.maxMs);
  });

  it('after the server is back, the next attempt comes within a twentieth of the outage (0.5 s at least, 5 s at most)', () => {
    for (const outageMs of [2_500, 3_000, 8_000, 15_000, 60_000, 600_000]) {
      for (const random of [0, 0.3, 0.7, 0.999]) {
        // Attempts from the drop on, each after the schedule's wait; the first one after the return connects.
        let at = 0;
        while (at < outageMs) at += reconnectDelay({ downForMs: at, handshakeMs: quick, random });
        const lost = at - outageMs;
        expect(lost).toBeLessThanOrEqual(Math.min(5_000, Math.max(500, outageMs * 0.05)));
      }
    }
  });
});
