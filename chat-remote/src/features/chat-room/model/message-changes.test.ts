import type { Message, MessagesQuery, ReactionChangedEvent } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../../../testing/messages';
import { createChatStore } from './chat-store';
import { createMessageSync } from './message-sync';
import { toggledReactions } from './reactions';
import { initialChatState } from './state/chat-state';
import { latestReceived, messageDeleted, newerReceived, replyChosen } from './state/log';
import { messageUpdated, reactionChanged } from './state/message-changes';

const versioned = (id: number, version: number, overrides: Partial<Message> = {}) =>
  aMessage(id, { version, reactions: [], edited_at: null, reply_to_id: null, reply_to: null, ...overrides });

/** A ReactionChanged on message 1: `userId` added `emoji` at `version`, leaving `count` of it. */
const reacted = (version: number, userId: number, emoji: string, count: number): ReactionChangedEvent => ({
  room_id: 1,
  message_id: 1,
  version,
  user_id: userId,
  emoji,
  reacted: true,
  reactions: [{ emoji, count }],
});

describe('edits and reactions in the room state', () => {
  it('starts the change cursor at the opening page’s newest version; null from an API without versions', () => {
    const opened = latestReceived(initialChatState, [versioned(1, 7), versioned(2, 3)], 50);
    expect(opened.changeCursor).toBe(7);
    expect(latestReceived(initialChatState, [aMessage(1)], 50).changeCursor).toBeNull();
    expect(latestReceived(initialChatState, [], 50).changeCursor).toBe(0);
  });

  it('applies an edit over an older copy only, keeping its own place and every other message object', () => {
    const second = versioned(2, 2);
    const state = latestReceived(initialChatState, [versioned(1, 1), second, versioned(3, 3)], 50);
    const edited = versioned(1, 9, { content: 'fixed', edited_at: '2026-11-27T10:00:00.000000Z' });
    const next = messageUpdated(state, edited, true);
    expect(next.messages.map(({ content }) => content)).toEqual(['fixed', 'message 2', 'message 3']);
    expect(next.messages[1]).toBe(state.messages[1]);
    // A stale copy (a read that crossed the edit, or an event overtaken) changes nothing.
    expect(messageUpdated(next, versioned(1, 5, { content: 'old' }), true)).toBe(next);
  });

  it('adds and removes a link preview from MessageUpdated, over an older copy only, without marking an edit', () => {
    const state = latestReceived(initialChatState, [versioned(1, 4)], 50);
    const preview = {
      url: 'https://example.com/',
      title: 'Example',
      description: null,
      site_name: null,
      image_url: null,
    };
    const added = messageUpdated(state, versioned(1, 5, { preview }), true);
    expect(added.messages[0]).toMatchObject({ preview, edited_at: null, version: 5 });
    const removed = messageUpdated(added, versioned(1, 6, { preview: null }), true);
    expect(removed.messages[0]?.preview).toBeNull();
    // The addition's event arriving after the removal's changes nothing.
    expect(messageUpdated(removed, versioned(1, 5, { preview }), true)).toBe(removed);
  });

  it("keeps this user's own reactions when an edit event (whose reactions all say me: false) arrives", () => {
    const held = versioned(1, 4, { reactions: [{ emoji: '👍', count: 2, me: true }] });
    const state = latestReceived(initialChatState, [held], 50);
    const event = versioned(1, 5, { content: 'x', reactions: [{ emoji: '👍', count: 2, me: false }] });
    expect(messageUpdated(state, event, true).messages[0]?.reactions).toEqual([
      { emoji: '👍', count: 2, me: true },
    ]);
  });

  it('sets counts from a ReactionChanged newer than the copy held, and `me` only for its own user', () => {
    const state = latestReceived(initialChatState, [versioned(1, 1)], 50);
    const mine = reactionChanged(state, reacted(2, 5, '🎉', 1), 5);
    expect(mine.messages[0]?.reactions).toEqual([{ emoji: '🎉', count: 1, me: true }]);
    const theirs = reactionChanged(mine, reacted(3, 6, '🎉', 2), 5);
    expect(theirs.messages[0]?.reactions).toEqual([{ emoji: '🎉', count: 2, me: true }]);
    // Delivered out of order: the older event is ignored, the counts stay exact.
    const late = reactionChanged(theirs, reacted(2, 5, '🎉', 1), 5);
    expect(late).toBe(theirs);
  });

  it('applies an edit whose event arrives after a later reaction’s, keeping that reaction’s counts', () => {
    const state = latestReceived(initialChatState, [versioned(1, 1)], 50);
    // Version 2: the edit; version 3: a reaction. The reaction's event came first (another node).
    const afterReaction = reactionChanged(state, reacted(3, 6, '👍', 1), 5);
    const edited = messageUpdated(
      afterReaction,
      versioned(1, 2, { content: 'edited', edited_at: 'now' }),
      true,
    );
    expect(edited.messages[0]).toMatchObject({
      content: 'edited',
      reactions: [{ emoji: '👍', count: 1, me: false }],
    });
  });

  it('toggles a reaction as the API counts it: idempotent, last in order when new, gone at zero', () => {
    const one = toggledReactions([], '👍', true);
    expect(one).toEqual([{ emoji: '👍', count: 1, me: true }]);
    expect(toggledReactions(one, '👍', true)).toEqual(one);
    const two = toggledReactions([{ emoji: '👍', count: 1, me: false }], '❤️', true);
    expect(two.map(({ emoji }) => emoji)).toEqual(['👍', '❤️']);
    expect(toggledReactions(one, '👍', false)).toEqual([]);
    expect(toggledReactions([{ emoji: '👍', count: 3, me: true }], '👍', false)).toEqual([
      { emoji: '👍', count: 2, me: false },
    ]);
    expect(toggledReactions([{ emoji: '👍', count: 3, me: false }], '👍', false)).toEqual([
      { emoji: '👍', count: 3, me: false },
    ]);
  });

  it('a catch-up page applies the held messages changed since, skips older ones, moves both cursors', () => {
    const state = latestReceived(initialChatState, [versioned(10, 10), versioned(11, 11)], 2);
    const page = [
      versioned(3, 14, { content: 'older, not held' }),
      versioned(10, 13, { content: 'edited' }),
      versioned(12, 12),
    ];
    const next = newerReceived(state, page);
    expect(next.messages.map(({ id, content }) => [id, content])).toEqual([
      [10, 'edited'],
      [11, 'message 11'],
      [12, 'message 12'],
    ]);
    expect(next.cursor).toBe(12);
    expect(next.changeCursor).toBe(14);
  });

  it('forgets the reply target when its message is deleted', () => {
    const original = versioned(1, 1);
    const state = replyChosen(latestReceived(initialChatState, [original], 50), original);
    expect(state.replyTo).toBe(original);
    expect(messageDeleted(state, 1).replyTo).toBeNull();
  });
});

describe('catching up edits', () => {
  it('asks for changed_after beside after_id once the API has shown versions, and pages while changes fill', async () => {
    const queries: MessagesQuery[] = [];
    const room = [versioned(1, 1), versioned(2, 2), versioned(3, 3)];
    const fetchPage = async (query: MessagesQuery) => {
      queries.push(query);
      if (query.after_id === undefined) return room;
      const after = query.after_id;
      const changedAfter = query.changed_after ?? Number.POSITIVE_INFINITY;
      const fresh = room.filter(({ id }) => id > after).slice(0, 2);
      const changed = room
        .filter(({ id, version }) => id <= after && (version ?? 0) > changedAfter)
        .sort((a, b) => (a.version ?? 0) - (b.version ?? 0))
        .slice(0, 2);
      return [...changed, ...fresh].sort((a, b) => a.id - b.id);
    };
    const store = createChatStore();
    const sync = createMessageSync({ fetchPage, store, latestLimit: 50, pageLimit: 2 });
    await sync.catchUp();
    // Three edits while this reader was away: more than a page of changes.
    room[0] = versioned(1, 4, { content: 'one' });
    room[1] = versioned(2, 5, { content: 'two' });
    room[2] = versioned(3, 6, { content: 'three' });
    await sync.catchUp();
    expect(queries).toEqual([
      { limit: 50 },
      { after_id: 3, limit: 2, changed_after: 3 },
      { after_id: 3, limit: 2, changed_after: 5 },
    ]);
    expect(store.getState().messages.map(({ content }) => content)).toEqual(['one', 'two', 'three']);
    expect(store.getState().changeCursor).toBe(6);
  });

  it('loads older pages until a reply’s original is held', async () => {
    const room = Array.from({ length: 30 }, (_, i) => versioned(i + 1, i + 1));
    const fetchPage = async (query: MessagesQuery) => {
      const before = query.before_id ?? Number.POSITIVE_INFINITY;
      return room.filter(({ id }) => id < before).slice(-(query.limit ?? 50));
    };
    const store = createChatStore();
    const sync = createMessageSync({ fetchPage, store, latestLimit: 5, pageLimit: 5 });
    await sync.catchUp();
    expect(await sync.loadUntil(3)).toBe(true);
    expect(store.getState().messages[0]?.id).toBeLessThanOrEqual(3);
    expect(await sync.loadUntil(999)).toBe(false);
  });
});

describe("a reply's quote follows its original", () => {
  const original = versioned(1, 1, { content: 'Meet at 6' });
  const reply = versioned(2, 2, {
    content: 'ok',
    reply_to_id: 1,
    reply_to: { id: 1, content: 'Meet at 6', has_attachment: false, user: { id: 1, username: 'alice' } },
  });
  const opened = latestReceived(initialChatState, [original, reply, versioned(3, 3)], 50);
  const quoteIn = (state: typeof opened) => state.messages.find(({ id }) => id === 2)?.reply_to?.content;

  it('takes the edited text from the MessageUpdated event, leaving every other message as it was', () => {
    const next = messageUpdated(opened, versioned(1, 4, { content: 'Meet at 7' }), true);
    expect(quoteIn(next)).toBe('Meet at 7');
    expect(next.messages[2]).toBe(opened.messages[2]);
  });

  it('takes it from a catch-up that brought the edited original, but not from a stale copy', () => {
    const caughtUp = newerReceived({ ...opened, changeCursor: 3 }, [
      versioned(1, 4, { content: 'Meet at 8' }),
    ]);
    expect(quoteIn(caughtUp)).toBe('Meet at 8');
    const crossed = newerReceived(caughtUp, [versioned(1, 2, { content: 'Meet at 6' })]);
    expect(quoteIn(crossed)).toBe('Meet at 8');
  });
});
