import type { Message, SearchMessagesResponse } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** Search matches the words people read in a Markdown message, and marks them in its raw text. */
describe('search of what people read', () => {
  let t: TestApp;
  let ann: SignedIn;
  let roomId: number;

  const send = async (content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: ann.headers,
      payload: { content },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Message;
  };
  const found = async (q: string) => {
    const response = await t.app.inject({
      url: `/api/chatrooms/${roomId}/messages/search?q=${encodeURIComponent(q)}`,
      headers: ann.headers,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchMessagesResponse).results;
  };
  /** The raw text each highlight of each result covers. */
  const marked = async (q: string) =>
    (await found(q)).map(({ message, highlights }) =>
      highlights.map(({ start, end }) => message.content.slice(start, end)),
    );

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signIn();
    roomId = await t.createRoom(ann, 'Markdown');
  });
  afterAll(() => t.close());

  it('finds a link by its text, never by its address or title', async () => {
    const link = await send('The [release notes](https://hiddenhost.example/notes "secrettitle") are out');
    expect(await found('hiddenhost')).toEqual([]);
    expect(await found('secrettitle')).toEqual([]);
    expect(await found('notes')).toEqual([
      { message: expect.objectContaining({ id: link.id }), highlights: [{ start: 13, end: 18 }] },
    ]);
  });

  it('finds a bold word, with highlights at its place in the raw text', async () => {
    const bold = await send('Meet at **noonish** by the _fountain_');
    const results = await found('noonish');
    expect(results.map((r) => r.message.id)).toEqual([bold.id]);
    expect(results[0]?.highlights).toEqual([{ start: 10, end: 17 }]);
    expect(await marked('fountain')).toEqual([['fountain']]);
    // The markers are not words: a search for them is punctuation only.
    expect(await found('**')).toEqual([]);
  });

  it('finds autolinks by their address, code by its code, an image by its alt text', async () => {
    await send('Docs at <https://autolinked.example/page> and www.barelink.example');
    await send('Run `pnpm installcmd` first');
    await send('```fenceinfo\nconst codeword = 1;\n```');
    await send('![sunsetphoto over the bay](https://imagehost.example/sunset.png)');
    expect(await marked('autolinked.example')).toEqual([['autolinked.example']]);
    expect(await marked('www.barelink.example')).toEqual([['www.barelink.example']]);
    expect(await marked('installcmd')).toEqual([['installcmd']]);
    expect(await marked('codeword')).toEqual([['codeword']]);
    expect(await found('fenceinfo')).toEqual([]);
    expect(await marked('sunsetphoto')).toEqual([['sunsetphoto']]);
    expect(await found('imagehost')).toEqual([]);
  });

  it('reads escapes as the character and raw HTML as text', async () => {
    await send('a \\*literalstar\\* and <kbd>keycap</kbd>');
    expect(await marked('literalstar')).toEqual([['literalstar']]);
    expect(await marked('keycap')).toEqual([['keycap']]);
  });

  it('re-indexes an edited message by what its new text shows', async () => {
    const message = await send('plain **alphaword** text');
    expect(await marked('alphaword')).toEqual([['alphaword']]);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
      headers: ann.headers,
      payload: { content: 'now [betaword](https://gammahost.example)' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await found('alphaword')).toEqual([]);
    expect(await found('gammahost')).toEqual([]);
    expect(await marked('betaword')).toEqual([['betaword']]);
    // Edited back to plain text: nothing more is stored than the text itself.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${roomId}/messages/${message.id}`,
      headers: ann.headers,
      payload: { content: 'deltaword only' },
    });
    expect(await marked('deltaword')).toEqual([['deltaword']]);
    const { rows } = await sql<{ search_text: string | null }>`
      SELECT search_text FROM messages WHERE id = ${message.id}`.execute(t.app.db);
    expect(rows[0]?.search_text).toBeNull();
  });
});
