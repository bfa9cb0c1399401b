import { describe, expect, it } from '@rstest/core';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('locks a key after the allowed failures until the decay passes, and a clear resets it', () => {
    let now = 0;
    const throttle = new LoginThrottle(2, 60, () => now);
    throttle.hit('a');
    expect(throttle.availableIn('a')).toBe(0);
    throttle.hit('a');
    expect(throttle.availableIn('a')).toBe(60);
    expect(throttle.availableIn('b')).toBe(0);
    now = 30_500;
    expect(throttle.availableIn('a')).toBe(30);
    now = 60_000;
    expect(throttle.availableIn('a')).toBe(0);
    throttle.hit('a');
    throttle.hit('a');
    throttle.clear('a');
    expect(throttle.availableIn('a')).toBe(0);
  });
});
