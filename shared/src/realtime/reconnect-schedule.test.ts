import { describe, expect, it } from '@rstest/core';
import { attemptWindow, reconnectDelay } from './reconnect-schedule';

describe('the reconnect schedule', () => {
  it('checks every 0.5 s at first, a twentieth of the outage past 10 s, 1 s apart at most; jitter takes up to half off', () => {
    const waits = (downForMs: number) => [
      reconnectDelay({ downForMs, random: 0 }),
      reconnectDelay({ downForMs, random: 0.999_999 }),
    ];
    expect(waits(0)).toEqual([500, 250]);
    expect(waits(10_000)).toEqual([500, 250]);
    expect(waits(16_000)).toEqual([800, 400]);
    expect(waits(20_000)).toEqual([1_000, 500]);
    expect(waits(600_000)).toEqual([1_000, 500]);
  });

  it('after the server is back, the next check comes within a second, however long the outage', () => {
    for (const outageMs of [2_500, 3_000, 10_000, 60_000, 600_000]) {
      for (const random of [0, 0.3, 0.7, 0.999]) {
        let at = 0;
        while (at < outageMs) at += reconnectDelay({ downForMs: at, random });
        expect(at - outageMs).toBeLessThanOrEqual(1_000);
      }
    }
  });

  it('gives an attempt twice the last handshake, 2 s at least (2 s before any was measured), 10 s at most', () => {
    expect(attemptWindow(30)).toBe(2_000);
    expect(attemptWindow(null)).toBe(2_000);
    expect(attemptWindow(1_600)).toBe(3_200);
    expect(attemptWindow(60_000)).toBe(10_000);
  });
});
