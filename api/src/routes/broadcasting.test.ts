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

  describe("a room's own channel", () => {
    let roomId: number;
    let otherRoomId: number;
    let memberOfAnother: { headers: { authorization: string } };
    const createRoom = async (who: { authorization: string }) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/chatrooms',
          headers: who,
          payload: { name: 'Own channel', description: 'd', max_members: 5 },
        })
      ).json().id as number;
    const authorize = (who: { authorization: string }, channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: who,
        payload: { socket_id: '77.88', channel_name: channel },
      });

    beforeAll(async () => {
      roomId = await createRoom(headers);
      memberOfAnother = await t.signIn();
      otherRoomId = await createRoom(memberOfAnother.headers);
    });

    it('signs private-chatroom.{id} for a member of the room', async () => {
      const response = await authorize(headers, `private-chatroom.${roomId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ auth: expectedAuth('77.88', `private-chatroom.${roomId}`) });
    });

    it('refuses a signed-in user who is not a member (403)', async () => {
      const outsider = await t.signIn();
      const response = await authorize(outsider.headers, `private-chatroom.${roomId}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    });

    it("refuses a member of another room, who is signed for that room's channel only", async () => {
      expect((await authorize(memberOfAnother.headers, `private-chatroom.${roomId}`)).statusCode).toBe(403);
      expect((await authorize(memberOfAnother.headers, `private-chatroom.${otherRoomId}`)).statusCode).toBe(
        200,
      );
    });

    it('refuses a member who has left the room', async () => {
      const leaver = await t.signIn();
      await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: leaver.headers });
      expect((await authorize(leaver.headers, `private-chatroom.${roomId}`)).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/leave`, headers: leaver.headers });
      expect((await authorize(leaver.headers, `private-chatroom.${roomId}`)).statusCode).toBe(403);
    });

    it('signs presence-chatroom.{id} for a member, with the member it admits in channel_data', async () => {
      const channel = `presence-chatroom.${roomId}`;
      const response = await authorize(headers, channel);
      expect(response.statusCode).toBe(200);
      const { auth, channel_data: channelData } = response.json();
      const me = (await t.app.inject({ url: '/api/me', headers })).json();
      expect(JSON.parse(channelData)).toEqual({
        user_id: me.id,
        user_info: { id: me.id, username: me.username },
      });
      const signature = createHmac('sha256', t.config.broadcast.secret)
        .update(`77.88:${channel}:${channelData}`)
        .digest('hex');
      expect(auth).toBe(`${t.config.broadcast.key}:${signature}`);
    });

    it('refuses the presence channel to a non-member, a member of another room and a leaver (403)', async () => {
      const channel = `presence-chatroom.${roomId}`;
      const outsider = await t.signIn();
      expect((await authorize(outsider.headers, channel)).statusCode).toBe(403);
      expect((await authorize(memberOfAnother.headers, channel)).statusCode).toBe(403);
      expect((await authorize(memberOfAnother.headers, `presence-chatroom.${otherRoomId}`)).statusCode).toBe(
        200,
      );
      const leaver = await t.signIn();
      await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: leaver.headers });
      expect((await authorize(leaver.headers, channel)).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/leave`, headers: leaver.headers });
      const refused = await authorize(leaver.headers, channel);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
    });

    it.each([
      ['a presence channel of a room that does not exist', () => 'presence-chatroom.999999'],
      ['a presence channel with a padded id', () => `presence-chatroom.0${roomId}`],
      ['another presence channel', () => 'presence-admin'],
      ['a room that does not exist', () => 'private-chatroom.999999'],
      ['a zero id', () => 'private-chatroom.0'],
      ['a padded id', () => `private-chatroom.0${roomId}`],
      ['a name', () => 'private-chatroom.abc'],
      ['an id past the id range', () => 'private-chatroom.99999999999'],
      ['no id', () => 'private-chatroom.'],
      ['the name without private-', () => `chatroom.${roomId}`],
    ])('refuses %s', async (_case, channel) => {
      expect((await authorize(headers, channel())).statusCode).toBe(403);
    });
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
