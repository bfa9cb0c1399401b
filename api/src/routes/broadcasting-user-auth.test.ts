import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import Pusher from 'pusher';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('POST /broadcasting/user-auth', () => {
  let t: TestApp;
  let ann: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signIn();
  });
  afterAll(() => t.close());

  const signIn = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/broadcasting/user-auth', headers, payload });

  it("signs the caller's own id for the socket, exactly as Pusher's SDK would", async () => {
    const response = await signIn(ann.headers, { socket_id: '1234.5678' });
    expect(response.statusCode).toBe(200);
    const { key, secret, appId } = t.config.broadcast;
    const sdk = new Pusher({ appId, key, secret, host: 'unused' }).authenticateUser('1234.5678', {
      id: String(ann.user.id),
    });
    expect(response.json()).toEqual(sdk);
    expect(JSON.parse(response.json().user_data)).toEqual({ id: String(ann.user.id) });
  });

  it('answers 401 without a valid token, and refuses a malformed socket id', async () => {
    const anonymous = await signIn({}, { socket_id: '1234.5678' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const forged = await signIn({ authorization: 'Bearer 1|nope' }, { socket_id: '1234.5678' });
    expect(forged.statusCode).toBe(401);
    const malformed = await signIn(ann.headers, { socket_id: 'not-a-socket' });
    expect(malformed.statusCode).toBe(422);
  });
});
