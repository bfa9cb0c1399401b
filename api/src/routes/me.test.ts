import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('GET /api/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the Bearer token owner', async () => {
    const { user, headers } = await t.signIn('meuser');
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, username: 'meuser', image: null, is_admin: false });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each([
    ['a malformed header', 'Bearer nonsense'],
    ['an unknown token id', 'Bearer 999999|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['a wrong secret', 'Bearer 1|bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
  ])('answers 401 for %s', async (_name, authorization) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
    expect(response.statusCode).toBe(401);
  });

  it('remembers a token for AUTH_TOKEN_CACHE_SECONDS: deleted from the database, it works until then', async () => {
    const revoke = (app: TestApp, token: string) =>
      app.app.db
        .deleteFrom('personal_access_tokens')
        .where('id', '=', Number(token.split('|')[0]))
        .execute();
    const { token, headers } = await t.signIn();
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    await revoke(t, token);
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    const other = headers.authorization.endsWith('x') ? 'y' : 'x';
    const wrongSecret = { authorization: `${headers.authorization.slice(0, -1)}${other}` };
    expect((await t.app.inject({ url: '/api/me', headers: wrongSecret })).statusCode).toBe(401);

    const uncached = await createTestApp({ env: { AUTH_TOKEN_CACHE_SECONDS: '0' } });
    const signedIn = await uncached.signIn();
    expect((await uncached.app.inject({ url: '/api/me', headers: signedIn.headers })).statusCode).toBe(200);
    await revoke(uncached, signedIn.token);
    expect((await uncached.app.inject({ url: '/api/me', headers: signedIn.headers })).statusCode).toBe(401);
    await uncached.close();
  });
});
