import { parseMessage } from '@chat/shared/markdown';
import { packTree, unpackTree } from '@chat/shared/message-tree';
import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
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

  it('refuses anything else to include, and still refuses outsiders', async () => {
    const bogus = await list('?include=html');
    expect(bogus.statusCode).toBe(422);
    expect(Object.keys(bogus.json().errors)).toEqual(['include']);
    expect((await list('?include=tree', outsider)).statusCode).toBe(403);
  });
});
