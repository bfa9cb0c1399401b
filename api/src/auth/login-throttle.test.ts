import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { Redis } from 'ioredis';
import { redisServerMissing, startRedisServer, type TestRedis } from '../testing/redis-server';
import { LoginThrottle } from './login-throttle';

/** How many of `count` simultaneous attempts were let through to the password check. */
async function simultaneousReservations(throttles: LoginThrottle[], key: string, count: number) {
  const waits = await Promise.all(
    Array.from({ length: count }, (_, i) => (throttles[i % throttles.length] as LoginThrottle).reserve(key)),
  );
  return { allowed: waits.filter((wait) => wait === 0).length, waits };
}

describe('LoginThrottle in memory', () => {
  it('lets the allowed attempts through, then names the wait; other keys and a clear start afresh', async () => {
    const throttle = new LoginThrottle({ maxAttempts: 2, decaySeconds: 60 });
    expect(await throttle.reserve('a')).toBe(0);
    expect(await throttle.reserve('a')).toBe(0);
    const wait = await throttle.reserve('a');
    expect(wait).toBeGreaterThan(58);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await throttle.reserve('b')).toBe(0);
    await throttle.clear('a');
    expect(await throttle.reserve('a')).toBe(0);
  });

  it('opens again once the decay has passed', async () => {
    const throttle = new LoginThrottle({ maxAttempts: 1, decaySeconds: 1 });
    expect(await throttle.reserve('a')).toBe(0);
    expect(await throttle.reserve('a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await throttle.reserve('a')).toBe(0);
  });

  it('lets at most the allowed attempts through when 30 arrive at once', async () => {
    const throttle = new LoginThrottle({ maxAttempts: 5, decaySeconds: 60 });
    expect((await simultaneousReservations([throttle], 'carol|10.0.0.1', 30)).allowed).toBe(5);
  });
});

describe.skipIf(redisServerMissing())('LoginThrottle in Redis', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(redis.url);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    await redis.stop();
  });

  it('counts the attempts of two processes together, 30 at once letting 5 through', async () => {
    const first = new LoginThrottle({ maxAttempts: 5, decaySeconds: 60, redis: connect() });
    const second = new LoginThrottle({ maxAttempts: 5, decaySeconds: 60, redis: connect() });
    const { allowed, waits } = await simultaneousReservations([first, second], 'carol|10.0.0.1', 30);
    expect(allowed).toBe(5);
    expect(Math.min(...waits.filter((wait) => wait > 0))).toBeGreaterThan(58);
    await second.clear('carol|10.0.0.1');
    expect(await first.reserve('carol|10.0.0.1')).toBe(0);
  });

  it('keeps its counters under their own prefix with the decay as expiry', async () => {
    const client = connect();
    const throttle = new LoginThrottle({ maxAttempts: 5, decaySeconds: 60, redis: client });
    await throttle.reserve('dave|10.0.0.2');
    const [key] = await client.keys('*dave*');
    expect(key).toBe('chat-login:dave|10.0.0.2');
    expect(await client.get(key as string)).toBe('1');
    expect(await client.pttl(key as string)).toBeGreaterThan(59_000);
  });
});
