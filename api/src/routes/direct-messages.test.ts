import { DIRECT_MESSAGE_OTHERS_MAX, type Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  DIRECT_MESSAGE_NEEDS_OTHERS,
  NO_LEAVING_DIRECT_MESSAGES,
  TOO_MANY_OTHERS,
  unknownUsername,
} from '../http/refusals';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** POST/GET direct-messages and close: who is in it, who sees it, and when it shows in 'Your rooms'. */
describe('direct messages', () => {
  let t: TestApp;
  let ann: SignedIn;
  let Bob: SignedIn;
  let cleo: SignedIn;
  let dan: SignedIn;
  let outsider: SignedIn;

  const start = (who: SignedIn, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/direct-messages',
      headers: who.headers,
      payload: payload as object,
    });
  const started = async (who: SignedIn, usernames: string[]) =>
    (await start(who, { usernames })).json() as Room;
  const list = async (who: SignedIn) =>
    (await t.app.inject({ url: '/api/direct-messages', headers: who.headers })).json() as Room[];
  const send = async (roomId: number, who: SignedIn, content = 'hello') => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: who.headers,
      payload: { content },
    });
    expect(sent.statusCode).toBe(201);
    return sent.json().id as number;
  };
  const close = (roomId: number, who: SignedIn) =>
    t.app.inject({ method: 'POST', url: `/api/direct-messages/${roomId}/close`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signIn('ann');
    Bob = await t.signIn('Bob');
    cleo = await t.signIn('cleo');
    dan = await t.signIn('dan');
    outsider = await t.signIn('outsider');
  });
  afterAll(() => t.close());

  it('starts a conversation: 201, the caller and the named, named for the caller after the others', async () => {
    const created = await start(ann, { usernames: ['cleo', 'bob'] });
    expect(created.statusCode).toBe(201);
    const room = created.json() as Room;
    expect(room).toMatchObject({
      kind: 'direct',
      name: 'Bob, cleo',
      description: '',
      max_members: 3,
      members_count: 3,
      is_member: true,
      unread_count: 0,
      mention_count: 0,
      last_read_id: null,
      members: [
        { id: ann.user.id, username: 'ann' },
        { id: Bob.user.id, username: 'Bob' },
        { id: cleo.user.id, username: 'cleo' },
      ],
    });
    const asBob = (
      await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: Bob.headers })
    ).json() as Room;
    expect(asBob.name).toBe('ann, cleo');
  });

  it('answers the same conversation (200) for the same people in any order, case and repeats', async () => {
    const first = await started(dan, ['ann']);
    for (const usernames of [['ANN'], ['ann', 'Ann', 'dan'], ['dan', 'ann']]) {
      const again = await start(dan, { usernames });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.id);
    }
    const fromAnn = await start(ann, { usernames: ['DAN'] });
    expect(fromAnn.statusCode).toBe(200);
    expect(fromAnn.json()).toMatchObject({ id: first.id, name: 'dan' });
  });

  it('makes one conversation of concurrent starts', async () => {
    const [a, b] = await Promise.all([
      start(cleo, { usernames: ['dan'] }),
      start(dan, { usernames: ['cleo'] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
  });

  it('refuses bad input with 422', async () => {
    const cases: [unknown, string][] = [
      [{ usernames: ['bob', 'nobody'] }, unknownUsername('nobody')],
      [{ usernames: ['ann'] }, DIRECT_MESSAGE_NEEDS_OTHERS],
      [{ usernames: ['ANN', 'ann'] }, DIRECT_MESSAGE_NEEDS_OTHERS],
    ];
    for (const [payload, message] of cases) {
      const refused = await start(ann, payload);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message, errors: { usernames: [message] } });
    }
    const wrong = [
      {},
      { usernames: [] },
      { usernames: { bob: true } },
      { usernames: [{}] },
      { usernames: [' '] },
    ];
    for (const payload of [...wrong, { usernames: ['x'.repeat(65)] }, { usernames: Array(21).fill('bob') }]) {
      const refused = await start(ann, payload);
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors).every((field) => field.startsWith('usernames'))).toBe(true);
    }
    // As Laravel reads a form field: one name alone is a list of one.
    expect((await start(ann, { usernames: 'bob' })).json().members).toHaveLength(2);
  });

  it(`refuses more than ${DIRECT_MESSAGE_OTHERS_MAX} others`, async () => {
    const crowd: string[] = [];
    for (let n = 0; n <= DIRECT_MESSAGE_OTHERS_MAX; n++)
      crowd.push((await t.signIn(`crowd${n}`)).user.username);
    const refused = await start(ann, { usernames: crowd });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ usernames: [TOO_MANY_OTHERS] });
    const most = await start(ann, { usernames: crowd.slice(1) });
    expect(most.statusCode).toBe(201);
    expect(most.json().members).toHaveLength(DIRECT_MESSAGE_OTHERS_MAX + 1);
  });

  it('shows it to the others with its first message, not before', async () => {
    const room = await started(Bob, ['outsider']);
    expect((await list(Bob)).map((r) => r.id)).toContain(room.id);
    expect((await list(outsider)).map((r) => r.id)).not.toContain(room.id);
    const messageId = await send(room.id, Bob);
    const shown = (await list(outsider)).find((r) => r.id === room.id);
    expect(shown).toMatchObject({ name: 'Bob', unread_count: 1, mention_count: 1, kind: 'direct' });
    // Its own `mentions` stay what its text names: none.
    const page = await t.app.inject({ url: `/api/chatrooms/${room.id}/messages`, headers: outsider.headers });
    expect(page.json().find((m: { id: number }) => m.id === messageId).mentions).toEqual([]);
  });

  it('lists the most recently active first, a never-used one last', async () => {
    const quiet = await started(cleo, ['Bob', 'ann', 'dan']);
    const older = await started(cleo, ['ann', 'outsider']);
    const newer = await started(cleo, ['outsider']);
    await send(older.id, cleo);
    await send(newer.id, cleo);
    const ids = (await list(cleo)).map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect((await list(cleo)).every((r) => r.kind === 'direct')).toBe(true);
  });

  it('closes for the caller until the next message, and reopens when started again', async () => {
    const room = await started(ann, ['Bob']);
    await send(room.id, ann);
    expect((await close(room.id, Bob)).statusCode).toBe(204);
    expect((await list(Bob)).map((r) => r.id)).not.toContain(room.id);
    expect((await list(ann)).map((r) => r.id)).toContain(room.id);
    expect(t.published.events.at(-1)).toEqual({
      channel: `private-App.Models.User.${Bob.user.id}`,
      event: 'App\\Events\\DirectMessageClosed',
      data: { room_id: room.id },
    });
    // Still a member: the room itself stays readable.
    expect((await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: Bob.headers })).statusCode).toBe(
      200,
    );
    await send(room.id, ann, 'back again');
    expect((await list(Bob)).map((r) => r.id)).toContain(room.id);

    expect((await close(room.id, Bob)).statusCode).toBe(204);
    expect((await start(Bob, { usernames: ['ann'] })).statusCode).toBe(200);
    expect((await list(Bob)).map((r) => r.id)).toContain(room.id);
  });

  it('closes nothing but its own direct message: 404 otherwise', async () => {
    const room = await started(ann, ['dan']);
    const publicRoom = await t.createRoom(ann);
    expect((await close(room.id, outsider)).statusCode).toBe(404);
    expect((await close(publicRoom, ann)).statusCode).toBe(404);
    expect((await close(2_000_000, ann)).statusCode).toBe(404);
  });

  it('never lists one in GET chatrooms', async () => {
    const room = await started(ann, ['cleo']);
    const publicRoom = await t.createRoom(ann);
    for (const who of [ann, cleo, outsider]) {
      const rooms = (await t.app.inject({ url: '/api/chatrooms', headers: who.headers })).json() as Room[];
      expect(rooms.map((r) => r.id)).not.toContain(room.id);
      expect(rooms.every((r) => r.kind === 'room' && r.members === undefined)).toBe(true);
    }
    const shown = (await t.app.inject({ url: `/api/chatrooms/${publicRoom}`, headers: ann.headers })).json();
    expect(shown.kind).toBe('room');
  });

  it('is 404 to a non-member on every endpoint, where a room would be 403', async () => {
    const room = await started(ann, ['Bob']);
    const messageId = await send(room.id, ann);
    const base = `/api/chatrooms/${room.id}`;
    const requests = [
      { method: 'GET', url: base },
      { method: 'GET', url: `${base}/members` },
      { method: 'GET', url: `${base}/messages` },
      { method: 'GET', url: `${base}/messages?around_id=${messageId}` },
      { method: 'GET', url: `${base}/messages/search?q=hello` },
      { method: 'POST', url: `${base}/messages`, payload: { content: 'let me in' } },
      { method: 'PATCH', url: `${base}/messages/${messageId}`, payload: { content: 'mine now' } },
      { method: 'DELETE', url: `${base}/messages/${messageId}` },
      { method: 'PUT', url: `${base}/messages/${messageId}/reactions/${encodeURIComponent('👍')}` },
      { method: 'DELETE', url: `${base}/messages/${messageId}/reactions/${encodeURIComponent('👍')}` },
      { method: 'POST', url: `${base}/read`, payload: { message_id: messageId } },
      { method: 'POST', url: `${base}/join` },
      { method: 'POST', url: `${base}/leave` },
    ] as const;
    for (const request of requests) {
      const answer = await t.app.inject({ ...request, headers: outsider.headers });
      expect({ ...request, status: answer.statusCode }).toEqual({ ...request, status: 404 });
    }
    // Nothing changed: the outsider was not added, and the message is as sent.
    expect((await t.app.inject({ url: base, headers: ann.headers })).json().members_count).toBe(2);
  });

  it('answers a member as before: join is "already", leave is refused (a direct message is closed instead)', async () => {
    const room = await started(ann, ['Bob']);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/join`,
      headers: Bob.headers,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().room).toMatchObject({ id: room.id, kind: 'direct', name: 'ann' });
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/leave`,
      headers: Bob.headers,
    });
    expect(left.statusCode).toBe(422);
    expect(left.json()).toEqual({ message: NO_LEAVING_DIRECT_MESSAGES });
    const members = await t.app.inject({ url: `/api/chatrooms/${room.id}/members`, headers: Bob.headers });
    expect(members.json()).toHaveLength(2);
  });

  it('counts every unread message as a mention, and a read clears both', async () => {
    const room = await started(ann, ['dan', 'cleo']);
    await send(room.id, ann, 'one');
    const last = await send(room.id, ann, 'two @dan');
    const asDan = (
      await t.app.inject({ url: `/api/chatrooms/${room.id}`, headers: dan.headers })
    ).json() as Room;
    expect(asDan).toMatchObject({ unread_count: 2, mention_count: 2 });
    await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${room.id}/read`,
      headers: dan.headers,
      payload: { message_id: last },
    });
    const read = (await list(dan)).find((r) => r.id === room.id);
    expect(read).toMatchObject({ unread_count: 0, mention_count: 0, last_read_id: last });
  });

  it('publishes nothing on private-chatroom; ids on each member’s channel, a notification to the others', async () => {
    const room = await started(ann, ['Bob', 'cleo']);
    const from = t.published.events.length;
    const messageId = await send(room.id, ann, 'hi @Bob');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${room.id}/messages/${messageId}`,
      headers: ann.headers,
      payload: { content: 'hi @cleo' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${room.id}/messages/${messageId}`,
      headers: ann.headers,
    });
    const events = t.published.events.slice(from);
    expect(events.filter((e) => e.channel === 'private-chatroom')).toEqual([]);
    const user = (who: SignedIn) => `private-App.Models.User.${who.user.id}`;
    const onUsers = events.filter((e) => e.channel.startsWith('private-App.Models.User.'));
    const ids = { room_id: room.id, message_id: messageId };
    expect(onUsers.filter((e) => e.event === 'App\\Events\\MessageSent')).toEqual(
      [ann, Bob, cleo].map((who) => ({ channel: user(who), event: 'App\\Events\\MessageSent', data: ids })),
    );
    expect(
      onUsers
        .filter((e) => e.event === 'App\\Events\\MessageDeleted')
        .map((e) => e.channel)
        .sort(),
    ).toEqual([ann, Bob, cleo].map(user).sort());
    const notices = onUsers.filter((e) => e.event.includes('BroadcastNotificationCreated'));
    expect(
      notices.map((e) => [
        e.channel,
        (e.data as { type: string }).type,
        (e.data as { room_name: string }).room_name,
      ]),
    ).toEqual([
      [user(Bob), 'App\\Notifications\\DirectMessageReceived', 'ann, cleo'],
      [user(cleo), 'App\\Notifications\\DirectMessageReceived', 'ann, Bob'],
    ]);
    expect(events.filter((e) => e.channel === `private-chatroom.${room.id}`).map((e) => e.event)).toEqual([
      'App\\Events\\MessageSent',
      'App\\Events\\MessageUpdated',
      'App\\Events\\MessageDeleted',
    ]);
  });
});
