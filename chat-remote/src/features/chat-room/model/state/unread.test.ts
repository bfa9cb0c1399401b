import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../../../../testing/messages';
import { initialChatState } from './chat-state';
import { latestReceived } from './log';
import { dividerPlaced, firstUnreadAfter } from './unread';

describe('the unread divider', () => {
  it("stands above the first of the others' messages after the read position", () => {
    const mine = { id: 2, username: 'me', image: null };
    const state = latestReceived(
      initialChatState,
      [aMessage(4), aMessage(5, { user: mine }), aMessage(6)],
      50,
    );
    expect(firstUnreadAfter(state, 4, 2)).toBe(6);
    expect(firstUnreadAfter(state, 6, 2)).toBeNull();
  });

  it('is placed once: a later decision leaves it where it stands', () => {
    const placed = dividerPlaced(initialChatState, 6);
    expect(placed.divider).toEqual({ decided: true, firstUnread: 6 });
    expect(dividerPlaced(placed, 9)).toBe(placed);
  });
});
