import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Token expiry: AUTH_TOKEN_IDLE_MINUTES (sliding, renewed at most hourly) and AUTH_TOKEN_LIFETIME_MINUTES. */
describe('Bearer token expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No cache: each request reads the token row, so the tests see every renewal and expiry as it happens.
    t = await createTestApp({ env: { AUTH_TOKEN_CACHE_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/me', headers });
  const idOf = (token: string) => Number(token.split('|')[0]);
  const setLastUsed = (token: string, ago: string) =>
    sql`UPDATE personal_access_tokens SET last_used_at = now() - ${ago}::interval WHERE id = ${idOf(token)}`.execute(
      t.app.db,
    );
  const lastUsedAgoMs = async (token: string) => {
    const row = await t.app.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', idOf(token))
      .executeTakeFirstOrThrow();
    return Date.now() - row.last_used_at.getTime();
  };

  it('answers 401 once the absolute lifetime has passed, however recently the token was used', async () => {
    const { token, headers } = await t.signIn();
    expect((await me(headers)).statusCode).toBe(200);
    await sql`UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = ${idOf(token)}`.execute(
      t.app.db,
    );
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 to a token left unused longer than the idle window (7 days)', async () => {
    const { token, headers } = await t.signIn();
    await setLastUsed(token, '7 days 1 minute');
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('slides the idle window on use, writing at most once an hour', async () => {
    const { token, headers } = await t.signIn();
    await setLastUsed(token, '30 minutes');
    expect((await me(headers)).statusCode).toBe(200);
    expect(await lastUsedAgoMs(token)).toBeGreaterThan(29 * 60_000);

    // A minute short of idling out: this use renews it, so it outlives its old deadline.
    await setLastUsed(token, '6 days 23 hours 59 minutes');
    expect((await me(headers)).statusCode).toBe(200);
    expect(await lastUsedAgoMs(token)).toBeLessThan(60_000);
    await sql`UPDATE personal_access_tokens SET last_used_at = last_used_at - interval '2 minutes' WHERE id = ${idOf(token)}`.execute(
      t.app.db,
    );
    expect((await me(headers)).statusCode).toBe(200);
  });
});

describe('the token cache', () => {
  it('never outlives the token: an entry ends when the token expires, not AUTH_TOKEN_CACHE_SECONDS later', async () => {
    const t = await createTestApp({ env: { AUTH_TOKEN_CACHE_SECONDS: '60' } });
    const { token, headers } = await t.signIn();
    await sql`UPDATE personal_access_tokens SET expires_at = now() + interval '300 milliseconds' WHERE id = ${Number(token.split('|')[0])}`.execute(
      t.app.db,
    );
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(401);
    await t.close();
  });
});
