import type { Message } from '@chat/shared/schemas';
import { REPLY_QUOTE_MAX } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { CHANGED_AFTER_NEEDS_AFTER_ID, REPLY_INVALID } from '../http/refusals';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('replies and the changed_after catch-up', () => {
  let t: TestApp;
  let author: SignedIn;
  let other: SignedIn;
  let roomId: number;

  const post = (payload: object, who: SignedIn = author, room: number = roomId) =>
    t.app.inject({ method: 'POST', url: `/api/chatrooms/${room}/messages`, headers: who.headers, payload });
  const send = async (content: string, who: SignedIn = author, room: number = roomId) =>
    (await post({ content }, who, room)).json() as Message;
  const read = (query: string, who: SignedIn = other, room: number = roomId) =>
    t.app.inject({ url: `/api/chatrooms/${room}/messages${query}`, headers: who.headers });
  const page = async (query = '', who: SignedIn = other, room: number = roomId) =>
    (await read(query, who, room)).json() as Message[];
  const react = (messageId: number, emoji: string, method: 'PUT' | 'DELETE' = 'PUT', who: SignedIn = other) =>
    t.app.inject({
      method,
      url: `/api/chatrooms/${roomId}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`,
      headers: who.headers,
    });
  const edit = (messageId: number, content: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${roomId}/messages/${messageId}`,
      headers: author.headers,
      payload: { content },
    });
  const highestVersion = (messages: Message[]) =>
    Math.max(...messages.map((message) => message.version as number));

  beforeAll(async () => {
    t = await createTestApp();
    [author, other] = [await t.signIn(), await t.signIn()];
    roomId = await t.createRoom(author, 'Replies');
    await t.join(other, roomId);
  });
  afterAll(() => t.close());

  it('stores reply_to_id from JSON, form and multipart sends, and quotes the original cut to REPLY_QUOTE_MAX', async () => {
    const original = await send(`${'é'.repeat(REPLY_QUOTE_MAX)} and the rest`);
    const json = await post({ content: 'json reply', reply_to_id: original.id }, other);
    expect(json.statusCode).toBe(201);
    const quote = {
      id: original.id,
      content: 'é'.repeat(REPLY_QUOTE_MAX),
      has_attachment: false,
      user: { id: author.user.id, username: author.user.username },
    };
    expect(json.json()).toMatchObject({ content: 'json reply', reply_to_id: original.id, reply_to: quote });

    const form = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...other.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `content=form+reply&reply_to_id=${original.id}`,
    });
    expect(form.statusCode).toBe(201);
    expect(form.json()).toMatchObject({ reply_to_id: original.id, reply_to: quote });

    const image = await multipart(
      { content: '' },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const picture = (
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: { ...author.headers, ...image.headers },
        payload: image.payload,
      })
    ).json() as Message;
    const reply = await multipart(
      { content: 'nice picture', reply_to_id: String(picture.id) },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...other.headers, ...reply.headers },
      payload: reply.payload,
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({
      reply_to_id: picture.id,
      reply_to: { id: picture.id, content: '', has_attachment: true, user: { id: author.user.id } },
    });
    const textOnly = await multipart({ content: 'text by multipart', reply_to_id: String(picture.id) });
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...other.headers, ...textOnly.headers },
      payload: textOnly.payload,
    });
    expect(plain.json()).toMatchObject({ reply_to_id: picture.id });
    // The page serialises them the same way.
    const stored = await page();
    expect(stored.find((message) => message.id === json.json().id)).toEqual(json.json());
    expect(stored.find((message) => message.id === original.id)).toMatchObject({
      reply_to_id: null,
      reply_to: null,
    });
  });

  it('refuses a reply to another room’s message, an unknown or a deleted one (422), storing nothing', async () => {
    const elsewhere = await t.createRoom(author, 'Elsewhere');
    const there = await send('in the other room', author, elsewhere);
    const deleted = await send('soon gone');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${deleted.id}`,
      headers: author.headers,
    });
    const before = await page();
    for (const replyToId of [there.id, deleted.id, 2_000_000_000]) {
      const refused = await post({ content: 'reply', reply_to_id: replyToId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: REPLY_INVALID, errors: { reply_to_id: [REPLY_INVALID] } });
    }
    const image = await multipart(
      { content: '', reply_to_id: String(there.id) },
      { attachment: { bytes: PNG_1X1, filename: 'dot.png', type: 'image/png' } },
    );
    const refusedImage = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...author.headers, ...image.headers },
      payload: image.payload,
    });
    expect(refusedImage.statusCode).toBe(422);
    expect(refusedImage.json().errors).toEqual({ reply_to_id: [REPLY_INVALID] });
    for (const replyToId of ['abc', 0, -1, 1.5]) {
      const malformed = await post({ content: 'reply', reply_to_id: replyToId });
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys(malformed.json().errors)).toEqual(['reply_to_id']);
    }
    expect(await page()).toEqual(before);
  });

  it('keeps reply_to_id when the original is deleted, with reply_to null', async () => {
    const original = await send('original');
    const reply = (await post({ content: 'answer', reply_to_id: original.id }, other)).json() as Message;
    expect(reply.reply_to?.content).toBe('original');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${roomId}/messages/${original.id}`,
      headers: author.headers,
    });
    for (const messages of [
      await page(),
      await page(`?after_id=${reply.id - 1}`),
      await page(`?before_id=${reply.id + 1}`),
    ]) {
      expect(messages.find((message) => message.id === reply.id)).toMatchObject({
        reply_to_id: original.id,
        reply_to: null,
      });
    }
  });

  it('quotes the original as it reads now after an edit', async () => {
    const original = await send('before the edit');
    const reply = (await post({ content: 'answer', reply_to_id: original.id }, other)).json() as Message;
    await edit(original.id, 'after the edit');
    for (const messages of [await page(), await page(`?after_id=${reply.id - 1}`)]) {
      expect(messages.find((message) => message.id === reply.id)?.reply_to?.content).toBe('after the edit');
    }
  });

  it('raises the version with each change: insert, edit, reaction added and removed', async () => {
    const message = await send('versioned');
    const edited = (await edit(message.id, 'versioned, edited')).json() as Message;
    await react(message.id, '👍');
    const afterAdd = (await page()).find((stored) => stored.id === message.id) as Message;
    await react(message.id, '👍', 'DELETE');
    const afterRemove = (await page()).find((stored) => stored.id === message.id) as Message;
    const versions = [message.version, edited.version, afterAdd.version, afterRemove.version] as number[];
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(4);
    // A later message of the room has a higher version than every change committed before it.
    expect((await send('later')).version).toBeGreaterThan(afterRemove.version as number);
  });

  it('answers with changed_after the next messages plus the edited and reacted-to ones, and nothing else', async () => {
    const room = await t.createRoom(author, 'Catch-up');
    await t.join(other, room);
    const five = [];
    for (const n of [1, 2, 3, 4, 5]) five.push(await send(`m${n}`, author, room));
    const opening = await page('', other, room);
    const seen = highestVersion(opening);
    const cursor = (five[4] as Message).id;
    expect(await page(`?after_id=${cursor}&changed_after=${seen}`, other, room)).toEqual([]);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${room}/messages/${five[1]?.id}`,
      headers: author.headers,
      payload: { content: 'm2 edited' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/chatrooms/${room}/messages/${five[3]?.id}/reactions/${encodeURIComponent('🎉')}`,
      headers: other.headers,
    });
    const six = await send('m6', author, room);

    const caughtUp = await page(`?after_id=${cursor}&changed_after=${seen}`, other, room);
    expect(caughtUp.map((message) => message.content)).toEqual(['m2 edited', 'm4', 'm6']);
    expect(caughtUp[1]?.reactions).toEqual([{ emoji: '🎉', count: 1, me: true }]);
    expect(caughtUp.map((message) => message.id)).toEqual([five[1]?.id, five[3]?.id, six.id]);
    // Without changed_after, as before: only what follows the cursor.
    expect((await page(`?after_id=${cursor}`, other, room)).map((message) => message.id)).toEqual([six.id]);
    // From the highest version seen in that catch-up, nothing is left.
    expect(await page(`?after_id=${six.id}&changed_after=${highestVersion(caughtUp)}`, other, room)).toEqual(
      [],
    );

    // At most `limit` changed messages, the lowest versions first; the next read goes on from there.
    const limited = await page(`?after_id=${six.id}&changed_after=${seen}&limit=1`, other, room);
    expect(limited.map((message) => message.id)).toEqual([five[1]?.id]);
    const rest = await page(
      `?after_id=${six.id}&changed_after=${highestVersion(limited)}&limit=1`,
      other,
      room,
    );
    expect(rest.map((message) => message.id)).toEqual([five[3]?.id]);

    // A reaction removed counts as a change too; a deleted message simply is not there.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${room}/messages/${five[3]?.id}/reactions/${encodeURIComponent('🎉')}`,
      headers: other.headers,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/chatrooms/${room}/messages/${five[1]?.id}`,
      headers: author.headers,
    });
    const again = await page(`?after_id=${six.id}&changed_after=${highestVersion(caughtUp)}`, other, room);
    expect(again).toEqual([expect.objectContaining({ id: five[3]?.id, reactions: [] })]);
  });

  it('refuses changed_after without after_id, and malformed values (422); members only', async () => {
    const missing = await read('?changed_after=3');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: CHANGED_AFTER_NEEDS_AFTER_ID,
      errors: { changed_after: [CHANGED_AFTER_NEEDS_AFTER_ID] },
    });
    expect((await read('?changed_after=3&before_id=10')).statusCode).toBe(422);
    for (const value of ['-1', 'abc', '1.5', '9007199254740992']) {
      const malformed = await read(`?after_id=1&changed_after=${value}`);
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys(malformed.json().errors)).toEqual(['changed_after']);
    }
    const outsider = await t.signIn();
    expect((await read('?after_id=1&changed_after=0', outsider)).statusCode).toBe(403);
    expect((await read('?after_id=1&changed_after=0', outsider, 999_999)).statusCode).toBe(404);
    // Past the id range, the changed half still answers.
    expect((await read('?after_id=9007199254740991&changed_after=0')).statusCode).toBe(200);
  });
});
