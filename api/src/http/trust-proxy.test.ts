import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ConfigError } from '../env-schema';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('reads nothing trusted, a hop count, or a list of addresses and ranges', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '11', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1/8/8', '1.2.3'])(
    'refuses %j with a ConfigError',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(ConfigError);
    },
  );
});

describe('the client IP behind proxies', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await database.dispose();
  });

  /** The IP the API (and so its throttles) sees for a request from `socket` carrying `forwardedFor`. */
  async function clientIp(trustProxy: string, socket: string, forwardedFor: string): Promise<string> {
    const app = await buildApp(testConfig({ TRUST_PROXY: trustProxy }), { db: database.db, logger: false });
    app.get('/ip', async (request) => request.ip);
    apps.push(app);
    const response = await app.inject({
      url: '/ip',
      remoteAddress: socket,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return response.body;
  }

  it('ignores X-Forwarded-For unless told to trust it', async () => {
    expect(await clientIp('false', '10.0.0.5', '6.6.6.6')).toBe('10.0.0.5');
  });

  it('with a hop count, takes the address that many hops back, not what the client wrote first', async () => {
    expect(await clientIp('1', '10.0.0.5', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp('2', '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
  });

  it('with addresses, believes only the listed proxies', async () => {
    expect(await clientIp('10.0.0.0/8', '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
    // Straight from the internet, the header is the client's own word: ignored.
    expect(await clientIp('10.0.0.0/8', '198.51.100.7', '6.6.6.6')).toBe('198.51.100.7');
  });
});
