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
    expect(response.json()).toEqual({ id: user.id, username: 'meuser', image: null });
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
});
