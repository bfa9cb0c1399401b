import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/chatrooms',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-xsrf-token',
      },
    });

  it.each([
    'http://localhost:3000',
    'http://localhost:3001',
    'http://localhost:3002',
    'http://localhost:3003',
  ])('allows the front end at %s with credentials', async (origin) => {
    const response = await preflight(origin);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-xsrf-token');
  });

  it('gives other origins no CORS headers', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({ url: '/up', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts CORS headers on error answers too, so the browser can read them', async () => {
    const response = await t.app.inject({ url: '/api/me', headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
  });
});
