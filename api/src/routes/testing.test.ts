import type { Message } from '@chat/shared/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { NOT_A_MEMBER } from '../http/refusals';
import { textColumnsOf } from '../repositories/messages/text-columns';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('POST /api/testing/users', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('does not exist unless ENABLE_TEST_ENDPOINTS is on', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('creates a user who can then sign in, and refuses a taken name with 422', async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), username: 'e2e', image: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'e2e', password: 'secret' },
    });
    expect(login.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/testing/users',
      payload: { username: 'E2E', password: 'other' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'The username has already been taken.',
      errors: { username: ['The username has already been taken.'] },
    });
  });
});

describe('POST /api/testing/rooms/{id}/messages', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['signIn']>>;
  let roomId: number;

  const seed = (payload: object, room = roomId) =>
    t.app.inject({ method: 'POST', url: `/api/testing/rooms/${room}/messages`, payload });
  const contents = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/chatrooms/${roomId}/messages${query}`,
      headers: member.headers,
    });
    return (response.json() as Message[]).map(({ id, content }) => ({ id, content }));
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    member = await t.signIn('seeder');
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: member.headers,
      payload: { name: 'History', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
  });
  afterAll(() => t.close());

  it('does not exist unless ENABLE_TEST_ENDPOINTS is on', async () => {
    const off = await createTestApp();
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/testing/rooms/1/messages',
      payload: { count: 1, user_id: 1 },
    });
    await off.close();
    expect(response.statusCode).toBe(404);
  });

  it('inserts "seed 1"…"seed N" from a member, in id order, and announces the last one', async () => {
    const response = await seed({ count: 120, user_id: member.user.id });
    expect(response.statusCode).toBe(201);
    const { count, first_id, last_id } = response.json();
    expect(count).toBe(120);
    expect(last_id).toBeGreaterThan(first_id);

    const oldest = await contents('?after_id=0&limit=3');
    expect(oldest.map((m) => m.content)).toEqual(['seed 1', 'seed 2', 'seed 3']);
    expect(oldest[0]?.id).toBe(first_id);
    const newest = await contents('?limit=100');
    expect(newest.map((m) => m.content)).toEqual(Array.from({ length: 100 }, (_, i) => `seed ${i + 21}`));
    expect(newest.at(-1)?.id).toBe(last_id);
    const ids = newest.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(t.published.events.slice(-2).map((event) => event.data)).toEqual([
      { room_id: roomId, message_id: last_id },
      { room_id: roomId, message_id: last_id, previous_id: last_id - 1, message: null },
    ]);

    // A send afterwards comes after the whole batch.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: member.headers,
      payload: { content: 'live' },
    });
    expect(sent.json().id).toBeGreaterThan(last_id);
  });

  it('takes the author by username, and a prefix', async () => {
    const response = await seed({ count: 2, username: 'SEEDER', prefix: 'history' });
    expect(response.statusCode).toBe(201);
    expect((await contents('?limit=2')).map((m) => m.content)).toEqual(['history 1', 'history 2']);
  });

  it('counts on from `from` and ends each message with the words whose `every` divides its number', async () => {
    const words = [
      { word: 'tenth', every: 10 },
      { word: 'fifth', every: 5 },
      { word: 'hundredth', every: 100 },
    ];
    const response = await seed({ count: 11, username: 'SEEDER', prefix: 'w', from: 95, words });
    expect(response.statusCode).toBe(201);
    expect((await contents('?limit=11')).map((m) => m.content)).toEqual([
      'w 95 fifth',
      'w 96',
      'w 97',
      'w 98',
      'w 99',
      'w 100 tenth fifth hundredth',
      'w 101',
      'w 102',
      'w 103',
      'w 104',
      'w 105 fifth',
    ]);
  });

  it('gives texts with Markdown the search text and tree a send stores with them, plain ones neither', async () => {
    const response = await seed({
      count: 4,
      username: 'SEEDER',
      prefix: 'md',
      words: [{ word: '**bold** https://example.com/x', every: 2 }],
    });
    expect(response.statusCode).toBe(201);
    const { rows } = await sql<{ content: string; search_text: string | null; tree: unknown }>`
      SELECT content, search_text, tree FROM messages WHERE room_id = ${roomId} ORDER BY id DESC LIMIT 4`.execute(
      t.app.db,
    );
    expect(rows.map((row) => row.content)).toEqual([
      'md 4 **bold** https://example.com/x',
      'md 3',
      'md 2 **bold** https://example.com/x',
      'md 1',
    ]);
    for (const row of rows) {
      const written = textColumnsOf(row.content);
      expect(row.search_text).toBe(written.searchText);
      expect(row.tree).toEqual(written.tree === null ? null : JSON.parse(written.tree));
    }
    expect(rows[0]?.tree).not.toBeNull();
    expect(rows[1]?.tree).toBeNull();
  });

  it('answers 404 for an unknown room, 403 for a non-member, 422 for a bad author or count', async () => {
    expect((await seed({ count: 1, user_id: member.user.id }, 987654)).statusCode).toBe(404);
    const outsider = await t.signIn();
    const refused = await seed({ count: 1, user_id: outsider.user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_A_MEMBER });

    const unknown = await seed({ count: 1, username: 'nobody-here' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ username: ['The selected user is invalid.'] });
    const nobody = await seed({ count: 1 });
    expect(nobody.statusCode).toBe(422);
    expect(Object.keys(nobody.json().errors)).toEqual(['user_id']);
    for (const count of [0, 1_000_001, 1.5]) {
      const response = await seed({ count, user_id: member.user.id });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['count']);
    }
  });
});

describe('POST /api/testing/tokens/expire', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('ends a token now: the next request with it answers 401, other tokens live on', async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    const { token: doomed } = await t.signIn();
    const { token: other } = await t.signIn();
    const expire = (token: string) =>
      t?.app.inject({ method: 'POST', url: '/api/testing/tokens/expire', payload: { token } });
    expect((await expire(doomed))?.statusCode).toBe(204);
    const me = (token: string) =>
      t?.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(doomed))?.statusCode).toBe(401);
    expect((await me(other))?.statusCode).toBe(200);
    expect((await expire('999999|nothing'))?.statusCode).toBe(404);
    expect((await expire('not a token'))?.statusCode).toBe(422);
  });
});

describe('POST /api/testing/gc', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('says whether it could collect: only a process started with --expose-gc can', async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    const answer = await t.app.inject({ method: 'POST', url: '/api/testing/gc' });
    expect(answer.statusCode).toBe(200);
    const { collected, heap_used } = answer.json();
    expect(collected).toBe(typeof (globalThis as { gc?: unknown }).gc === 'function');
    expect(heap_used).toBeGreaterThan(0);
  });
});
