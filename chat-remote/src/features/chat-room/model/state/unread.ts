import type { ChatState } from './chat-state';

export function dividerPlaced(state: ChatState, firstUnread: number | null): ChatState {
  return state.divider.decided ? state : { ...state, divider: { decided: true, firstUnread } };
}

/** The first message held after the read position `boundary` that someone else wrote. */
export function firstUnreadAfter(state: ChatState, boundary: number, ownId: number | null): number | null {
  return state.messages.find(({ id, user }) => id > boundary && user.id !== ownId)?.id ?? null;
}
