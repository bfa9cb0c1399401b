import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

describe('Sanctum-style CSRF protection', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let cookie: string;

  const createRoom = (extra: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: { ...headers, ...extra },
      payload: { name: 'CSRF', description: 'd', max_members: 3 },
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.signIn());
    const response = await t.app.inject({ url: '/sanctum/csrf-cookie', headers: { origin: TEST_ORIGIN } });
    cookie = (response.cookies as { name: string; value: string }[]).find((c) => c.name === 'XSRF-TOKEN')
      ?.value as string;
  });
  afterAll(() => t.close());

  it('GET /sanctum/csrf-cookie answers 204 and sets a JS-readable, SameSite=Lax XSRF-TOKEN on /', async () => {
    const response = await t.app.inject({ url: '/sanctum/csrf-cookie', headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+;/);
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('HttpOnly');
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers 419 to a front-end origin without a matching X-XSRF-TOKEN', async () => {
    const attempts: Record<string, string>[] = [
      { origin: TEST_ORIGIN },
      { origin: TEST_ORIGIN, cookie: `XSRF-TOKEN=${cookie}` },
      { origin: TEST_ORIGIN, cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': `${cookie}x` },
      // Equal but unsigned: a cookie planted by someone without APP_KEY.
      { origin: TEST_ORIGIN, cookie: 'XSRF-TOKEN=forged.value', 'x-xsrf-token': 'forged.value' },
    ];
    for (const extra of attempts) {
      const response = await createRoom(extra);
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
      expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    }
  });

  it('lets the request through when header and cookie match', async () => {
    const response = await createRoom({
      origin: TEST_ORIGIN,
      cookie: `XSRF-TOKEN=${cookie}`,
      'x-xsrf-token': cookie,
    });
    expect(response.statusCode).toBe(201);
  });

  it('judges requests without a front-end Origin by the Bearer token alone', async () => {
    expect((await createRoom({})).statusCode).toBe(201);
    expect((await createRoom({ origin: 'https://elsewhere.example' })).statusCode).toBe(201);
  });

  it('checks CSRF before authentication, as Sanctum does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { username: 'a', password: 'b' },
    });
    expect(response.statusCode).toBe(419);
  });
});
