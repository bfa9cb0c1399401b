import type { ChatRoomFirstScreen } from '@chat/shared/first-screen';
import { parseMessage } from '@chat/shared/markdown';
import { packTree } from '@chat/shared/message-tree';
import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../testing/messages';
import { renderChatRoom } from './first-screen';

const room: ChatRoomFirstScreen['room'] = {
  id: 1,
  name: 'Lake',
  description: 'By the water',
  max_members: 100,
  members_count: 2,
  created_at: '2026-11-28T10:00:00Z',
  is_member: true,
  unread_count: 0,
};
const draw = (screen: ChatRoomFirstScreen) => renderChatRoom?.(screen) ?? '';

/** A message as the API sends it with `include=tree`: its text's tree, packed. */
const withTree = (id: number, content: string) =>
  aMessage(id, { content, tree: packTree(parseMessage(content), content) ?? undefined });

describe('renderChatRoom', () => {
  it('draws a message formatted from the tree it was read with, and one without a tree as its plain text', () => {
    const markup = draw({
      room,
      messages: [
        withTree(1, 'drawn **bold** with `code` and https://example.test/a'),
        aMessage(2, { content: 'no tree for **this** one' }),
      ],
    });
    expect(markup).toContain('<strong>bold</strong>');
    expect(markup).toMatch(/<code[^>]*>code<\/code>/);
    expect(markup).toMatch(/<a href="https:\/\/example.test\/a" target="_blank" rel="noopener noreferrer"/);
    // Never parsed on the server: without its tree, a message is drawn as typed.
    expect(markup).toContain('no tree for **this** one');
  });

  it('draws a tree that does not fit its text as the text', () => {
    const content = 'unfit **tree** here';
    const markup = draw({
      room,
      messages: [aMessage(3, { content, tree: [{ type: 'text', start: 0, end: 99 }] })],
    });
    expect(markup).toContain(content);
    expect(markup).not.toContain('<strong>');
  });
});
