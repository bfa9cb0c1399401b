import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { apiCaller } from '../testing/api-caller';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** Every behaviour below holds for both attachment stores (see attachments/attachment-store). */
const STORES = ['files', 'database'] as const;

describe.each(STORES)("a deleted room's purge (%s store)", (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;

  const call = apiCaller(() => t.app);
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(t.app.db)).rows[0]?.n;
  const storedNames = async () => {
    const names: string[] = [];
    for await (const name of t.app.attachments.store.names()) names.push(name);
    return names.sort();
  };
  const upload = async (roomId: number) => {
    const form = await multipart(
      { content: '' },
      { attachment: { bytes: PNG_1X1, filename: 'a.png', type: 'image/png' } },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    return sent.json() as { id: number; attachment_path: string };
  };
  const download = (url: string) => {
    const { pathname, search } = new URL(url);
    return t.app.inject({ url: pathname + search });
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { APP_URL: 'https://chat.example.test', ATTACHMENT_STORE: kind, ENABLE_TEST_ENDPOINTS: 'true' },
    });
    expect(t.app.attachments.store.kind).toBe(kind);
    owner = await t.signIn('purge_owner');
    member = await t.signIn('purge_member');
  });
  afterAll(() => t.close());

  it('answers 404 at once; its messages, reactions, mentions and images go behind, other rooms untouched', async () => {
    const roomId = await t.createRoom(owner, 'Big');
    const kept = await t.createRoom(owner, 'Kept');
    for (const id of [roomId, kept]) await t.join(member, id);
    const seeded = await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: 2_000, user_id: member.user.id },
    });
    expect(seeded.statusCode).toBe(201);
    const image = await upload(roomId);
    const keptImage = await upload(kept);
    const mention = await call(owner, 'POST', `/chatrooms/${roomId}/messages`, {
      content: 'hey @purge_member',
    });
    await call(
      member,
      'PUT',
      `/chatrooms/${roomId}/messages/${mention.json().id}/reactions/${encodeURIComponent('👍')}`,
    );
    expect((await download(image.attachment_path)).statusCode).toBe(200);
    expect(await storedNames()).toHaveLength(2);

    expect((await call(owner, 'DELETE', `/chatrooms/${roomId}`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/chatrooms/${roomId}/messages`)).statusCode).toBe(404);
    expect((await call(member, 'GET', `/chatrooms/${roomId}`)).statusCode).toBe(404);

    await t.app.purges.idle();
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${roomId}`),
    ).toBe(0);
    expect(
      await count(
        sql<{ n: number }>`SELECT count(*)::int AS n FROM message_mentions WHERE room_id = ${roomId}`,
      ),
    ).toBe(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM message_reactions`)).toBe(0);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM room_members WHERE room_id = ${roomId}`),
    ).toBe(0);
    expect((await download(image.attachment_path)).statusCode).toBe(404);
    expect(await storedNames()).toEqual([new URL(keptImage.attachment_path).pathname.split('/').pop()]);
    expect((await download(keptImage.attachment_path)).statusCode).toBe(200);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${kept}`),
    ).toBe(1);
  });

  it('resumes a purge a stopped process left owing', async () => {
    const roomId = await t.createRoom(owner, 'Halfway');
    await t.app.inject({
      method: 'POST',
      url: `/api/testing/rooms/${roomId}/messages`,
      payload: { count: 30, user_id: owner.user.id },
    });
    // As if the process had stopped right after the delete committed: the room gone, its messages left.
    await sql`DELETE FROM room_members WHERE room_id = ${roomId}`.execute(t.app.db);
    await sql`DELETE FROM rooms WHERE id = ${roomId}`.execute(t.app.db);
    await sql`INSERT INTO audit_log (actor_id, action, room_id) VALUES (${owner.user.id}, 'room.delete', ${roomId})`.execute(
      t.app.db,
    );
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${roomId}`),
    ).toBe(30);
    await t.app.purges.resume();
    await t.app.purges.idle();
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${roomId}`),
    ).toBe(0);
  });
});
