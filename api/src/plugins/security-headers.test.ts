import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

const HARDENING = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

describe('security headers', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.signIn());
  });
  afterAll(() => t.close());

  it('go on JSON answers, success or failure, with Cache-Control: no-store', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/me', headers }),
      t.app.inject({ url: '/api/me' }),
      t.app.inject({ url: '/api/nothing-here', headers }),
      t.app.inject({ method: 'POST', url: '/api/chatrooms', headers, payload: {} }),
      t.app.inject({ url: '/up' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 422, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers).toMatchObject({ ...HARDENING, 'cache-control': 'no-store' });
    }
  });

  it('send no HSTS over plain http, and HSTS when APP_URL is https', async () => {
    expect((await t.app.inject({ url: '/up' })).headers['strict-transport-security']).toBeUndefined();
    const https = await createTestApp({ env: { APP_URL: 'https://api.example.test' } });
    const answer = await https.app.inject({ url: '/up' });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    await https.close();
  });

  it('leave CORS working for the front ends: preflight and credentialed calls from a listed origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/chatrooms',
      headers: {
        origin: TEST_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-xsrf-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['x-content-type-options']).toBe('nosniff');

    const call = await t.app.inject({ url: '/api/chatrooms', headers: { ...headers, origin: TEST_ORIGIN } });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    expect(call.headers).toMatchObject({ ...HARDENING, 'cache-control': 'no-store' });
  });
});
