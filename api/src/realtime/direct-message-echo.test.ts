import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { echoClients } from '../testing/echo-client';
import { heardEvents } from '../testing/heard-events';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

const EVENTS = [
  'MessageSent',
  'MessageDeleted',
  'MessageUpdated',
  'RoomCreated',
  'RoomUpdated',
  'DirectMessageClosed',
];

/**
 * A direct message's events through the real laravel-echo on the embedded server: its members hear it on their
 * own channels and its room channel, an outsider listening to everything it may (`chatroom`, its own channel)
 * hears nothing of it, and is refused the conversation's room and presence channels.
 */
describe('direct messages through laravel-echo', () => {
  let t: TestApp;
  let apiUrl: string;
  let wsPort: number;
  let ann: SignedIn;
  let bob: SignedIn;
  let outsider: SignedIn;
  let room: Room;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (who: SignedIn) => echoes.connect(who.token);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 200));

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    ann = await t.signIn('ann');
    bob = await t.signIn('bob');
    outsider = await t.signIn('outsider');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/direct-messages',
      headers: ann.headers,
      payload: { usernames: ['bob'] },
    });
    room = started.json() as Room;
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it("reaches exactly its members' own and room channels; an outsider on chatroom hears nothing", async () => {
    const { heard, names, listen } = heardEvents();
    await Promise.all(
      [ann, bob, outsider].map((who) => {
        const rooms = who === outsider ? ['chatroom'] : ['chatroom', `chatroom.${room.id}`];
        return listen(who, connect(who), [...rooms, `App.Models.User.${who.user.id}`], EVENTS, {
          notifications: true,
        });
      }),
    );

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/messages`,
      headers: ann.headers,
      payload: { content: 'just between us' },
    });
    const messageId = sent.json().id as number;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${room.id}/messages/${messageId}`,
      headers: ann.headers,
    });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/direct-messages/${room.id}/close`,
      headers: bob.headers,
    });
    expect(closed.statusCode).toBe(204);
    await waitFor(() => (heard.get(bob)?.length ?? 0) >= 6, "bob's events");
    await pause();

    const ids = { room_id: room.id, message_id: messageId };
    expect(names(ann)).toEqual([
      `App.Models.User.${ann.user.id} MessageSent`,
      `chatroom.${room.id} MessageSent`,
      `chatroom.${room.id} MessageDeleted`,
      `App.Models.User.${ann.user.id} MessageDeleted`,
    ]);
    expect(names(bob)).toEqual([
      `App.Models.User.${bob.user.id} MessageSent`,
      `chatroom.${room.id} MessageSent`,
      `App.Models.User.${bob.user.id} notification`,
      `chatroom.${room.id} MessageDeleted`,
      `App.Models.User.${bob.user.id} MessageDeleted`,
      `App.Models.User.${bob.user.id} DirectMessageClosed`,
    ]);
    const bobHeard = heard.get(bob) ?? [];
    expect(bobHeard[0]?.[1]).toEqual(ids);
    expect(bobHeard[2]?.[1]).toMatchObject({
      type: 'App\\Notifications\\DirectMessageReceived',
      room_id: room.id,
      room_name: 'ann',
      message: { id: messageId, content: 'just between us', user: { id: ann.user.id } },
    });
    expect(bobHeard[4]?.[1]).toEqual(ids);
    expect(bobHeard[5]?.[1]).toEqual({ room_id: room.id });
    expect(heard.get(outsider)).toEqual([]);
  });

  it("refuses an outsider the conversation's room and presence channels", async () => {
    const errors: { type?: string; status?: number }[] = [];
    const echo = connect(outsider);
    echo.private(`chatroom.${room.id}`).error((error: { status?: number }) => errors.push(error));
    echo.join(`chatroom.${room.id}`).error((error: { status?: number }) => errors.push(error));
    await waitFor(() => errors.length === 2, 'both subscription errors');
    expect(errors).toMatchObject([
      { type: 'AuthError', status: 403 },
      { type: 'AuthError', status: 403 },
    ]);
    let joined = false;
    connect(bob)
      .join(`chatroom.${room.id}`)
      .here(() => {
        joined = true;
      });
    await waitFor(() => joined, "a member's presence subscription");
  });
});
