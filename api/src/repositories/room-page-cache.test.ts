import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { MESSAGE_READ_ROUTE } from '../metrics/delivery-stats';
import { apiCaller } from '../testing/api-caller';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import type { MessageRow } from './messages/columns';
import { pageMessages } from './messages/page-messages';
import { RoomPageCache } from './room-page-cache';

describe('the newest page kept in memory (embedded database)', () => {
  let t: TestApp;
  let owner: SignedIn;

  const call = apiCaller(() => t.app);
  const newest = async (roomId: number, who = owner) => call(who, 'GET', `/chatrooms/${roomId}/messages`);
  const contents = async (roomId: number, who = owner) =>
    ((await newest(roomId, who)).json() as Message[]).map((message) => message.content);
  const say = async (roomId: number, content: string) =>
    (await call(owner, 'POST', `/chatrooms/${roomId}/messages`, { content })).json() as Message;
  /** Statements the GET route has cost so far. */
  const readStatements = async () => {
    const stats = (await t.app.inject({ url: '/api/testing/delivery-stats' })).json();
    return (stats.statements_by_route[MESSAGE_READ_ROUTE] ?? 0) as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    owner = await t.signIn();
  });
  afterAll(async () => t.close());

  it('answers a room read before from memory, and what was sent, deleted or seeded since', async () => {
    const roomId = await t.createRoom(owner);
    await say(roomId, 'one');
    expect(await contents(roomId)).toEqual(['one']);
    const before = await readStatements();
    const two = await say(roomId, 'two');
    expect(await contents(roomId)).toEqual(['one', 'two']);
    expect(await readStatements()).toBe(before);

    expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${two.id}`)).statusCode).toBe(204);
    expect(await contents(roomId)).toEqual(['one']);
    const seeded = await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: 2, user_id: owner.user.id, prefix: 'seed' },
    });
    expect(seeded.statusCode).toBe(201);
    expect(await contents(roomId)).toEqual(['one', 'seed 1', 'seed 2']);
  });

  it('keeps the page as the database has it: the newest 100, limit applied, same resources', async () => {
    const roomId = await t.createRoom(owner);
    await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: 120, user_id: owner.user.id, prefix: 'm' },
    });
    await newest(roomId);
    await say(roomId, 'latest');
    const fromMemory = await call(owner, 'GET', `/chatrooms/${roomId}/messages?limit=100`);
    const fromDatabase = await call(
      owner,
      'GET',
      `/chatrooms/${roomId}/messages?before_id=2147483647&limit=100`,
    );
    expect(fromMemory.json()).toEqual(fromDatabase.json());
    expect((fromMemory.json() as Message[]).at(-1)?.content).toBe('latest');
    expect(await contents(roomId)).toEqual(
      (fromDatabase.json() as Message[]).slice(-50).map((m) => m.content),
    );
  });

  it('follows memberships at once: a newcomer reads, a leaver and a stranger get 403, no room 404', async () => {
    const roomId = await t.createRoom(owner);
    await say(roomId, 'hello');
    const guest = await t.signIn();
    expect((await newest(roomId, guest)).statusCode).toBe(403);
    await t.join(guest, roomId);
    expect(await contents(roomId, guest)).toEqual(['hello']);
    expect((await call(guest, 'POST', `/chatrooms/${roomId}/leave`)).statusCode).toBe(200);
    expect((await newest(roomId, guest)).statusCode).toBe(403);
    expect((await newest(999_999, guest)).statusCode).toBe(404);
  });

  it('answers an empty room to a member with no statement for the membership', async () => {
    const roomId = await t.createRoom(owner);
    expect((await newest(roomId)).json()).toEqual([]);
    const before = await readStatements();
    expect((await newest(roomId)).json()).toEqual([]);
    expect(await readStatements()).toBe(before);
  });

  it('does not keep a load that a write to its room overtook, and shares one load among readers', async () => {
    const roomId = await t.createRoom(owner);
    const first = await say(roomId, 'first');
    let statements = 0;
    const db = t.app.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++;
        return args.result;
      },
    });
    const cache = new RoomPageCache();
    const readers = [1, 2, 3].map(() => cache.newestPage(db, roomId, owner.user.id, 50));
    // Lands while the readers' load is under way (as a send's commit would): that load is not kept.
    cache.changed(roomId);
    for (const page of await Promise.all(readers)) expect(page?.map((row) => row.id)).toEqual([first.id]);
    expect(statements).toBe(2);
    await cache.newestPage(db, roomId, owner.user.id, 50);
    expect(statements).toBe(4);
    await cache.newestPage(db, roomId, owner.user.id, 50);
    expect(statements).toBe(4);
    // A message the cache is told of joins the page without a statement.
    const rows = await pageMessages(db, roomId, { limit: 1, memberId: null });
    cache.added({ ...(rows[0] as MessageRow), id: first.id + 1_000, content: 'told' });
    const page = await cache.newestPage(db, roomId, owner.user.id, 50);
    expect(page?.map((row) => row.content)).toEqual(['first', 'told']);
  });

  it('stays exact through edits and reactions, with each reader’s own `me`, and no statement for reactions', async () => {
    const roomId = await t.createRoom(owner);
    const guest = await t.signIn();
    await t.join(guest, roomId);
    const original = await say(roomId, 'original');
    const reply = (
      await call(owner, 'POST', `/chatrooms/${roomId}/messages`, {
        content: 'reply',
        reply_to_id: original.id,
      })
    ).json() as Message;
    const fromDatabase = async (who: SignedIn) =>
      (await call(who, 'GET', `/chatrooms/${roomId}/messages?before_id=2147483647`)).json();
    const same = async () => {
      for (const who of [owner, guest])
        expect((await newest(roomId, who)).json()).toEqual(await fromDatabase(who));
    };
    await same();

    const before = await readStatements();
    expect(
      (await call(guest, 'PUT', `/chatrooms/${roomId}/messages/${reply.id}/reactions/%F0%9F%91%8D`))
        .statusCode,
    ).toBe(200);
    const [forOwner, forGuest] = [await newest(roomId, owner), await newest(roomId, guest)];
    expect(await readStatements()).toBe(before);
    expect((forOwner.json() as Message[]).at(-1)?.reactions).toEqual([{ emoji: '👍', count: 1, me: false }]);
    expect((forGuest.json() as Message[]).at(-1)?.reactions).toEqual([{ emoji: '👍', count: 1, me: true }]);
    await same();

    // An edit: its message in memory changes, and the reply quoting it is read afresh.
    expect(
      (await call(owner, 'PATCH', `/chatrooms/${roomId}/messages/${original.id}`, { content: 'edited' }))
        .statusCode,
    ).toBe(200);
    expect(
      ((await newest(roomId)).json() as Message[]).map((message) => [
        message.content,
        message.reply_to?.content,
      ]),
    ).toEqual([
      ['edited', undefined],
      ['reply', 'edited'],
    ]);
    await same();
    expect(
      (await call(owner, 'PATCH', `/chatrooms/${roomId}/messages/${reply.id}`, { content: 'reply, edited' }))
        .statusCode,
    ).toBe(200);
    await same();
  });
});
