import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { redisServerMissing, startRedisServer, type TestRedis } from '../testing/redis-server';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Two API processes behind one load balancer, sharing one Redis: the client's requests alternate. */
describe.skipIf(redisServerMissing())('throttles shared through REDIS_URL', () => {
  let redis: TestRedis;
  let apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    apps = await Promise.all([1, 2].map(() => createTestApp({ env: { REDIS_URL: redis.url, ...env } })));
  };
  const login = (i: number, remoteAddress: string) =>
    (apps[i % 2] as TestApp).app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'erin', password: 'guess' },
      remoteAddress,
    });

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await redis.stop();
  });

  it('counts failed logins made on either process together', async () => {
    await start({ LOGIN_MAX_ATTEMPTS: '5', API_THROTTLE_PER_MINUTE: '1000' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(i, '10.1.0.1')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    // 30 at once, spread over both processes, from another address: still five reach the password check.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i, '10.1.0.2')));
    expect(burst.filter((response) => response.statusCode === 422)).toHaveLength(5);
    await Promise.all(apps.map((t) => t.close()));
    apps = [];
  });

  it('draws the API throttle of one caller from one budget across processes', async () => {
    await start({ LOGIN_MAX_ATTEMPTS: '1000', API_THROTTLE_PER_MINUTE: '4' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i, '10.1.0.3')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
  });
});
