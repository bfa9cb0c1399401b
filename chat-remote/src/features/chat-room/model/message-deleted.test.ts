import type { Message, MessagesQuery, RoomMessageSentEvent } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../../../testing/messages';
import { createChatStore } from './chat-store';
import { createMessageSync } from './message-sync';
import { initialChatState } from './state/chat-state';
import {
  deliveredReceived,
  deliveryNeedsRead,
  latestReceived,
  messageDeleted,
  newerReceived,
} from './state/log';

const ids = (messages: readonly Message[]) => messages.map((message) => message.id);
const sentEvent = (message: Message, previousId: number | null): RoomMessageSentEvent => ({
  room_id: 1,
  message_id: message.id,
  previous_id: previousId,
  message,
});

describe('a deleted message', () => {
  it('leaves the view and stays out of it, whatever arrives late', () => {
    let state = latestReceived(initialChatState, [aMessage(1), aMessage(2), aMessage(3)], 50);
    state = messageDeleted(state, 2);
    expect(ids(state.messages)).toEqual([1, 3]);
    // A read that started before the delete, and the message's own event, crossing the delete.
    state = newerReceived(state, [aMessage(2), aMessage(4)]);
    state = deliveredReceived(state, sentEvent(aMessage(2), 1));
    expect(ids(state.messages)).toEqual([1, 3, 4]);
    expect(messageDeleted(state, 2)).toBe(state);
  });

  it('keeps the cursor, so the next message, which names it as previous, follows without a read', () => {
    let state = latestReceived(initialChatState, [aMessage(1), aMessage(2)], 50);
    state = messageDeleted(state, 2);
    expect(state.cursor).toBe(2);
    const next = sentEvent(aMessage(3), 2);
    expect(deliveryNeedsRead(state, next)).toBe(false);
    state = deliveredReceived(state, next);
    expect(state.cursor).toBe(3);
    expect(ids(state.messages)).toEqual([1, 3]);
  });

  it('is forgotten by a reader that never held it: one read after its cursor, and it moves on', async () => {
    const held = [aMessage(1), aMessage(2)];
    const queries: MessagesQuery[] = [];
    const fetchPage = async (query: MessagesQuery) => {
      queries.push(query);
      return held.filter((message) => message.id > (query.after_id ?? 0)).slice(0, query.limit ?? 50);
    };
    const store = createChatStore();
    const sync = createMessageSync({ fetchPage, store, latestLimit: 50, pageLimit: 100 });
    await sync.catchUp();
    // Message 3 came and went while this reader was away; 4 still names it as its previous.
    held.push(aMessage(4));

    sync.receive(sentEvent(aMessage(4), 3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queries.at(-1)).toEqual({ after_id: 2, limit: 100 });
    expect(store.getState()).toMatchObject({ cursor: 4 });
    sync.receive(sentEvent(aMessage(5), 4));
    expect(store.getState().cursor).toBe(5);
    expect(queries).toHaveLength(2);
  });
});
