import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../../../../testing/messages';
import { aroundClosed, aroundNewerReceived, aroundOlderReceived, aroundReceived } from './around';
import { initialChatState } from './chat-state';
import { deliveredReceived, latestReceived, messageDeleted } from './log';
import { messageUpdated } from './message-changes';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => aMessage(from + i));
const ids = (log: readonly { id: number }[]) => log.map(({ id }) => id);
/** A room whose live log holds 901–1000. */
const live = () => latestReceived(initialChatState, range(901, 1000), 100);

describe('the around-window', () => {
  it('holds the page around a message apart from the live log, which stays as it was', () => {
    const state = aroundReceived(live(), 50, range(40, 59), 20);
    expect(ids(state.around?.messages ?? [])).toEqual(ids(range(40, 59)));
    expect(state.around).toMatchObject({ targetId: 50, hasOlder: true, hasNewer: true });
    expect(ids(state.messages)).toEqual(ids(range(901, 1000)));
    expect(state.cursor).toBe(1000);
  });

  it('lets live messages arrive in the live log while it is shown, none lost', () => {
    let state = aroundReceived(live(), 50, range(40, 59), 20);
    const next = aMessage(1001, { content: 'live meanwhile' });
    state = deliveredReceived(state, { room_id: 1, message_id: 1001, previous_id: 1000, message: next });
    expect(state.messages.at(-1)).toEqual(next);
    expect(state.cursor).toBe(1001);
    expect(ids(state.around?.messages ?? [])).toEqual(ids(range(40, 59)));
    expect(aroundClosed(state).messages.at(-1)).toEqual(next);
    expect(aroundClosed(state).around).toBeNull();
  });

  it('knows the room begins when fewer than half the page came before the message', () => {
    const state = aroundReceived(live(), 3, range(1, 12), 20);
    expect(state.around).toMatchObject({ hasOlder: false, hasNewer: true });
  });

  it('grows backwards and forwards, and joins the live log where they meet', () => {
    let state = aroundReceived(live(), 850, range(840, 859), 20);
    state = aroundOlderReceived(state, range(820, 839), 20);
    expect(state.around?.messages[0]?.id).toBe(820);
    state = aroundNewerReceived(state, range(860, 879), 20);
    expect(state.around).not.toBeNull();
    // The next page reaches into the live log: one log from 820 to 1000, no window.
    state = aroundNewerReceived(state, range(880, 905), 26);
    expect(state.around).toBeNull();
    expect(ids(state.messages)).toEqual(ids(range(820, 1000)));
  });

  it('is no window at all when the page around the message already meets the live log', () => {
    const state = aroundReceived(live(), 895, range(885, 904), 20);
    expect(state.around).toBeNull();
    expect(state.messages[0]?.id).toBe(885);
  });

  it('applies deletes and edits to the window as to the live log', () => {
    let state = aroundReceived(live(), 50, range(40, 59), 20);
    state = messageDeleted(state, 45);
    expect(ids(state.around?.messages ?? [])).not.toContain(45);
    state = messageUpdated(state, aMessage(50, { content: 'edited', version: 5 }), true);
    expect(state.around?.messages.find(({ id }) => id === 50)?.content).toBe('edited');
    // Read again, a deleted message stays out.
    state = aroundOlderReceived(state, range(30, 45), 20);
    expect(ids(state.around?.messages ?? [])).not.toContain(45);
  });
});
