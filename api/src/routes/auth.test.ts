import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { issueAccessToken } from '../repositories/access-tokens';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { BAD_CREDENTIALS } from './auth';

const login = (t: TestApp, body: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress });

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3' } });
    await t.signIn('Carol', 'correct horse');
  });
  afterAll(() => t.close());

  it('returns an "{id}|{secret}" token and the user, storing only the SHA-256 of the secret', async () => {
    const response = await login(t, { username: 'carol', password: 'correct horse' });
    expect(response.statusCode).toBe(200);
    const { token, user, expires_at } = response.json();
    expect(expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const lifetime = Date.parse(expires_at) - Date.now();
    expect(Math.abs(lifetime - 30 * 86_400_000)).toBeLessThan(60_000);
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40}$/);
    expect(user).toMatchObject({ username: 'Carol', image: null });
    const [id, secret] = token.split('|');
    const row = await t.app.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toEqual({ ...user, is_admin: false });
  });

  it('answers 422 with the Laravel message under errors.username for a wrong password or unknown user', async () => {
    for (const body of [
      { username: 'carol', password: 'wrong' },
      { username: 'nobody', password: 'correct horse' },
    ]) {
      const response = await login(t, body, '10.0.0.2');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: BAD_CREDENTIALS, errors: { username: [BAD_CREDENTIALS] } });
    }
  });

  it('answers 422 per field for missing or blank fields', async () => {
    const response = await login(t, { username: '   ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Username is required (and 1 more error)',
      errors: { username: ['Username is required'], password: ['Password is required'] },
    });
  });

  it('throttles failed attempts per username and IP with 429 and Retry-After, other IPs unaffected', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(t, { username: 'carol', password: 'bad' }, '10.0.0.3')).statusCode).toBe(422);
    }
    const throttled = await login(t, { username: 'carol', password: 'correct horse' }, '10.0.0.3');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, { username: 'carol', password: 'correct horse' }, '10.0.0.4')).statusCode).toBe(
      200,
    );
  });

  it('lets at most LOGIN_MAX_ATTEMPTS of 30 simultaneous wrong passwords reach the password check', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => login(t, { username: 'carol', password: 'wrong' }, '10.0.0.6')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
  });

  it('never counts successful logins, so a user can sign in again and again', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(t, { username: 'carol', password: 'correct horse' }, '10.0.0.5')).statusCode).toBe(
        200,
      );
    }
  });
});

describe('POST /api/auth/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/me', headers });

  it('answers 204 and deletes the token, which this process refuses at once despite its cache', async () => {
    const session = await t.signIn();
    const other = await issueAccessToken(t.app.db, session.user.id, t.config.accessTokens);
    const otherSession = { authorization: `Bearer ${other.token}` };
    // Both tokens are in the in-process cache now.
    expect((await me(session.headers)).statusCode).toBe(200);
    expect((await me(otherSession)).statusCode).toBe(200);

    const response = await logout(session.headers);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const again = await me(session.headers);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await logout(session.headers)).statusCode).toBe(401);
    const rows = await t.app.db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('id', '=', Number(session.token.split('|')[0]))
      .execute();
    expect(rows).toEqual([]);
    // Only the token the request came with: the same user's other sessions go on.
    expect((await me(otherSession)).statusCode).toBe(200);
  });

  it('answers 401 without a token, and 419 from a front end without the XSRF header, like other POSTs', async () => {
    expect((await logout({})).statusCode).toBe(401);
    const { headers } = await t.signIn();
    expect((await logout({ ...headers, origin: TEST_ORIGIN })).statusCode).toBe(419);
    expect((await me(headers)).statusCode).toBe(200);
  });

  it("sweeps the user's expired and idle tokens at the next login", async () => {
    const { user } = await t.signIn('Dora', 'pass word');
    await sql`
      UPDATE personal_access_tokens SET expires_at = now() - interval '1 second'
      WHERE user_id = ${user.id}`.execute(t.app.db);
    const response = await login(t, { username: 'dora', password: 'pass word' });
    expect(response.statusCode).toBe(200);
    const tokens = await t.app.db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens.map((row) => row.id)).toEqual([Number(response.json().token.split('|')[0])]);
  });
});
