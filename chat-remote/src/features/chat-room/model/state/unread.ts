import type { ChatState } from './chat-state';

/**
 * Where the room opens and the unread divider stands: undecided until the first page (and any older ones the
 * unread reach back to) is in; then above the first of the others' messages after the read position, or
 * nowhere. Decided once: the divider stays there while the room is open, however far the read position moves.
 */
export type UnreadDivider = { decided: false } | { decided: true; firstUnread: number | null };

export function dividerPlaced(state: ChatState, firstUnread: number | null): ChatState {
  return state.divider.decided ? state : { ...state, divider: { decided: true, firstUnread } };
}

/** The first message held after the read position `boundary` that someone else wrote. */
export function firstUnreadAfter(state: ChatState, boundary: number, ownId: number | null): number | null {
  return state.messages.find(({ id, user }) => id > boundary && user.id !== ownId)?.id ?? null;
}
