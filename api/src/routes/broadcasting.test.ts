import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('POST /broadcasting/auth', () => {
  let t: TestApp;
  let headers: { authorization: string };
  const expectedAuth = (socketId: string, channel: string) =>
    `${t.config.broadcast.key}:${createHmac('sha256', t.config.broadcast.secret).update(`${socketId}:${channel}`).digest('hex')}`;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await t.signIn());
  });
  afterAll(() => t.close());

  it('signs private-chatroom for a signed-in user, from JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers,
      payload: { socket_id: '1234.5678', channel_name: 'private-chatroom' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: expectedAuth('1234.5678', 'private-chatroom') });
  });

  it('signs from a form-encoded body too (pusher-js default authorizer)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'socket_id=42.43&channel_name=private-chatroom',
    });
    expect(response.json()).toEqual({ auth: expectedAuth('42.43', 'private-chatroom') });
  });

  it.each([
    ['another private channel', { socket_id: '1.2', channel_name: 'private-admin' }, true],
    ['a presence channel', { socket_id: '1.2', channel_name: 'presence-chatroom' }, true],
    ['a malformed socket id', { socket_id: 'abc', channel_name: 'private-chatroom' }, true],
    ['a missing channel', { socket_id: '1.2' }, true],
    ['an anonymous caller', { socket_id: '1.2', channel_name: 'private-chatroom' }, false],
  ])('answers 403 for %s', async (_name, payload, signedIn) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: signedIn ? headers : {},
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});
