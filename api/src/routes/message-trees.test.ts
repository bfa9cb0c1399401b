import { parseMessage } from '@chat/shared/markdown';
import { packTree, unpackTree } from '@chat/shared/message-tree';
import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('GET chatrooms/{id}/messages?include=tree', () => {
  let t: TestApp;
  let member: SignedIn;
  let outsider: SignedIn;
  let roomId: number;
  const texts = [
    'just words, nothing else',
    '**bold**, see https://example.com &amp; `code`',
    '```js\nlet x;\n```',
  ];

  const list = (query: string, who: SignedIn = member) =>
    t.app.inject({ url: `/api/chatrooms/${roomId}/messages${query}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.signIn('treeposter');
    outsider = await t.signIn();
    roomId = await t.createRoom(member, 'Trees');
    for (const content of texts)
      await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: member.headers,
        payload: { content },
      });
  });
  afterAll(() => t.close());

  it('sends no tree unless asked', async () => {
    const messages: Message[] = (await list('')).json();
    expect(messages.map((message) => message.content)).toEqual(texts);
    for (const message of messages) expect(message).not.toHaveProperty('tree');
  });

  it.each([
    ['the newest page', ''],
    ['a page of history', '&before_id=2147483647'],
    ['a page around a message', '&around_id=1'],
  ])(
    'sends %s with the tree of each text that may hold Markdown, and none for plain text',
    async (_page, query) => {
      const messages: Message[] = (await list(`?include=tree${query}`)).json();
      const [plain, formatted, code] = messages;
      expect(plain).not.toHaveProperty('tree');
      for (const message of [formatted, code]) {
        const content = message?.content ?? '';
        expect(message?.tree).toEqual(packTree(parseMessage(content), content));
        expect(unpackTree(message?.tree, content)).not.toBeNull();
      }
      // Where a node's text differs from its source (an entity, code without its backticks) it carries its value.
      expect(formatted?.tree?.filter((node) => node.value !== undefined).map((node) => node.value)).toEqual([
        ' & ',
        'code',
      ]);
    },
  );

  const stored = async (id: number) =>
    (await sql<{ tree: unknown }>`SELECT tree FROM messages WHERE id = ${id}`.execute(t.app.db)).rows[0]
      ?.tree;
  const treeOf = (content: string) => packTree(parseMessage(content), content);

  it('stores the tree with the text when a message is sent, none for plain text, and a page sends the one stored', async () => {
    const [plain, formatted, code] = (await list('')).json() as Message[];
    expect(await stored(plain?.id ?? 0)).toBeNull();
    expect(await stored(formatted?.id ?? 0)).toEqual(treeOf(texts[1] as string));
    // What the page sends is the stored tree, not a parse of the text: a stored tree told apart by its language.
    const ts = treeOf(texts[2] as string)?.map((node) =>
      node.type === 'code' ? { ...node, lang: 'ts' } : node,
    );
    await sql`UPDATE messages SET tree = ${JSON.stringify(ts)}::jsonb WHERE id = ${code?.id}`.execute(
      t.app.db,
    );
    const read = ((await list('?include=tree&before_id=2147483647')).json() as Message[]).at(-1);
    expect(read?.tree?.find((node) => node.type === 'code')?.lang).toBe('ts');
  });

  it('stores the new tree when a message is edited, and drops the tree when the text changes alone', async () => {
    const [, formatted] = (await list('')).json() as Message[];
    const id = formatted?.id ?? 0;
    const edited = 'now _leaning_ and [linked](https://example.com/x)';
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/chatrooms/${roomId}/messages/${id}`,
      headers: member.headers,
      payload: { content: edited },
    });
    expect(edit.statusCode).toBe(200);
    expect(await stored(id)).toEqual(treeOf(edited));

    // As an API of an earlier release edits, knowing nothing of trees: the old tree must not stay with the new text.
    const later = 'then **bold** only';
    await sql`UPDATE messages SET content = ${later} WHERE id = ${id}`.execute(t.app.db);
    expect(await stored(id)).toBeNull();
    const read = ((await list('?include=tree&before_id=2147483647')).json() as Message[]).find(
      (message) => message.id === id,
    );
    expect(read?.tree).toEqual(treeOf(later));
  });

  it('refuses anything else to include, and still refuses outsiders', async () => {
    const bogus = await list('?include=html');
    expect(bogus.statusCode).toBe(422);
    expect(Object.keys(bogus.json().errors)).toEqual(['include']);
    expect((await list('?include=tree', outsider)).statusCode).toBe(403);
  });
});
