import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { apiCaller } from '../testing/api-caller';
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
  'RoomInvited',
  'RemovedFromRoom',
];

/**
 * A private room's events through the real laravel-echo on the embedded server: they reach exactly its
 * members (its room channel and their own channels); an outsider on `chatroom` and its own channel hears
 * nothing, and is refused the room's channels; a removed member's sockets hear nothing more of it.
 */
describe('private rooms through laravel-echo', () => {
  let t: TestApp;
  let apiUrl: string;
  let wsPort: number;
  let ann: SignedIn;
  let bob: SignedIn;
  let cleo: SignedIn;
  let outsider: SignedIn;
  let room: Room;
  const { heard, names, clear, listen } = heardEvents();
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    ann = await t.signIn('ann');
    bob = await t.signIn('bob');
    cleo = await t.signIn('cleo');
    outsider = await t.signIn('outsider');
    room = (
      await call(ann, 'POST', '/chatrooms', {
        name: 'Hideout',
        description: 'd',
        max_members: 5,
        private: true,
      })
    ).json() as Room;
    for (const who of [bob, cleo])
      await call(ann, 'POST', `/chatrooms/${room.id}/members`, { username: who.user.username });

    await Promise.all(
      [ann, bob, cleo, outsider].map((who) => {
        const channels = who === outsider ? ['chatroom'] : ['chatroom', `chatroom.${room.id}`];
        return listen(
          who,
          echoes.connect(who.token),
          [...channels, `App.Models.User.${who.user.id}`],
          EVENTS,
        );
      }),
    );
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it("reaches exactly its members' room and own channels; an outsider on chatroom hears nothing", async () => {
    const sent = await call(bob, 'POST', `/chatrooms/${room.id}/messages`, { content: 'psst' });
    const messageId = sent.json().id as number;
    await call(bob, 'PATCH', `/chatrooms/${room.id}/messages/${messageId}`, { content: 'psst!' });
    await call(bob, 'DELETE', `/chatrooms/${room.id}/messages/${messageId}`);
    expect((await call(ann, 'PATCH', `/chatrooms/${room.id}`, { name: 'Den' })).statusCode).toBe(200);
    await waitFor(() => (heard.get(cleo)?.length ?? 0) >= 7, "cleo's events");
    await pause();

    for (const who of [ann, bob, cleo]) {
      const own = `App.Models.User.${who.user.id}`;
      expect([who.user.username, names(who)]).toEqual([
        who.user.username,
        [
          `${own} MessageSent`,
          `chatroom.${room.id} MessageSent`,
          `chatroom.${room.id} MessageUpdated`,
          `chatroom.${room.id} MessageDeleted`,
          `${own} MessageDeleted`,
          `${own} RoomUpdated`,
          `chatroom.${room.id} RoomUpdated`,
        ],
      ]);
    }
    expect(heard.get(bob)?.[0]?.[1]).toEqual({ room_id: room.id, message_id: messageId });
    expect(heard.get(bob)?.[5]?.[1]).toEqual({
      room: expect.objectContaining({
        id: room.id,
        name: 'Den',
        private: true,
        owner: { id: ann.user.id, username: 'ann' },
      }),
    });
    expect(heard.get(outsider)).toEqual([]);
  });

  it('refuses an outsider its room and presence channels', async () => {
    const errors: { type?: string; status?: number }[] = [];
    const echo = echoes.connect(outsider.token);
    echo.private(`chatroom.${room.id}`).error((error: { status?: number }) => errors.push(error));
    echo.join(`chatroom.${room.id}`).error((error: { status?: number }) => errors.push(error));
    await waitFor(() => errors.length === 2, 'both subscription errors');
    expect(errors).toMatchObject([
      { type: 'AuthError', status: 403 },
      { type: 'AuthError', status: 403 },
    ]);
  });

  it('tells an invited person on their own channel, and a removed one, who then hears nothing more of it', async () => {
    clear();
    const invited = await call(ann, 'POST', `/chatrooms/${room.id}/members`, { username: 'outsider' });
    expect(invited.statusCode).toBe(201);
    await waitFor(() => (heard.get(outsider)?.length ?? 0) >= 2, "the outsider's invitation");
    expect(names(outsider)).toEqual([
      `App.Models.User.${outsider.user.id} RoomUpdated`,
      `App.Models.User.${outsider.user.id} RoomInvited`,
    ]);
    expect(heard.get(outsider)?.[1]?.[1]).toEqual({
      room: expect.objectContaining({ id: room.id, name: 'Den', is_member: true, my_role: 'member' }),
    });

    // Ann has the room open and sees who else has (presence); Cleo opens it too.
    const here = new Set<number>();
    const left: number[] = [];
    echoes
      .connect(ann.token)
      .join(`chatroom.${room.id}`)
      .here((members: { id: number }[]) => {
        for (const m of members) here.add(m.id);
      })
      .joining((m: { id: number }) => here.add(m.id))
      .leaving((m: { id: number }) => left.push(m.id));
    await waitFor(() => here.has(ann.user.id), "ann's presence subscription");
    echoes.connect(cleo.token).join(`chatroom.${room.id}`);
    await waitFor(() => here.has(cleo.user.id), "cleo's presence subscription");
    clear();
    const removed = await call(ann, 'DELETE', `/chatrooms/${room.id}/members/${cleo.user.id}`);
    expect(removed.statusCode).toBe(204);
    await waitFor(() => (heard.get(cleo)?.length ?? 0) >= 1, "cleo's removal");
    expect(heard.get(cleo)).toEqual([
      [`App.Models.User.${cleo.user.id} RemovedFromRoom`, { room_id: room.id, room_name: 'Den' }],
    ]);
    // Her presence ended with her membership: the others see her leave the room.
    await waitFor(() => left.includes(cleo.user.id), "cleo's presence revoked");

    await call(bob, 'POST', `/chatrooms/${room.id}/messages`, { content: 'after cleo' });
    await waitFor(() => (heard.get(bob)?.length ?? 0) >= 4, "bob's message");
    await pause();
    expect(heard.get(cleo)).toHaveLength(1);
    expect(names(bob)).toEqual([
      `App.Models.User.${bob.user.id} RoomUpdated`,
      `chatroom.${room.id} RoomUpdated`,
      `App.Models.User.${bob.user.id} MessageSent`,
      `chatroom.${room.id} MessageSent`,
    ]);
  });
});
