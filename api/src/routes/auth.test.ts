import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../testing/test-app';
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
    const { token, user } = response.json();
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
    expect(me.json()).toEqual(user);
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

  it('never counts successful logins, so a user can sign in again and again', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(t, { username: 'carol', password: 'correct horse' }, '10.0.0.5')).statusCode).toBe(
        200,
      );
    }
  });
});
