import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface LoginThrottleOptions {
  maxAttempts: number;
  decaySeconds: number;
  /** Counters shared by every API process; without it they live in this process. */
  redis?: Redis | null;
}

/**
 * Failed logins per username+IP, as Laravel's login request counts them, with one change: an attempt takes
 * its slot (an atomic increment, in Redis when configured) before the password is checked. Checking first and
 * counting after let 30 simultaneous guesses all through while the count was still low; now at most
 * `maxAttempts` reach the password check per window. A correct password clears the slate, as in Laravel, so
 * people who type their password right are never locked out by their own logins.
 */
export class LoginThrottle {
  readonly #limiter: RateLimiterAbstract;

  constructor({ maxAttempts, decaySeconds, redis }: LoginThrottleOptions) {
    const options = { points: maxAttempts, duration: decaySeconds, keyPrefix: 'chat-login' };
    const inMemory = new RateLimiterMemory(options);
    // Should Redis fail, each process keeps counting on its own rather than letting guesses through.
    this.#limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: inMemory })
      : inMemory;
  }

  /** Takes one attempt for the key: 0 when it may go on to the password check, else seconds to wait. */
  async reserve(key: string): Promise<number> {
    try {
      await this.#limiter.consume(key);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  /** After a correct password: the key's failures, and the attempt just reserved, no longer count. */
  async clear(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}
