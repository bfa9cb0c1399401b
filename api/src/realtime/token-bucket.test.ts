import { describe, expect, it } from '@rstest/core';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('gives a burst at once, then refills at the rate, never above the burst', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 99;
    expect(bucket.take()).toBe(false);
    now = 100;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
