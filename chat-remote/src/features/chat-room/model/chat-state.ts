import type { Message, RoomMessageSentEvent } from '@chat/shared';
import { lastId, type MessageLog, mergeMessages } from './message-log';
import type { Outgoing } from './outgoing';

/** Everything a room view shows, changed only through the pure transitions below. */
export interface ChatState {
  messages: MessageLog;
  /**
   * The newest id held with no gap before it: the `after_id` of the next catch-up. Pages fetched in sequence
   * move it, and a room event whose `previous_id` is the cursor (nothing can be missing in between); never a
   * message that arrived on its own (a send's answer), or the messages between the two would never be
   * fetched. 0 in an empty room, null until the first page has arrived.
   */
  cursor: number | null;
  outbox: readonly Outgoing[];
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Why the first page could not be loaded, if it could not. */
  loadError: string | null;
  /**
   * Messages deleted while the room was open: a read that started before the delete, or an event that
   * crossed it, must not bring one back. The cursor never moves back for a delete: it is only a bound.
   */
  deleted: ReadonlySet<number>;
}

export const initialChatState: ChatState = {
  messages: [],
  cursor: null,
  outbox: [],
  hasOlder: false,
  loadingOlder: false,
  loadError: null,
  deleted: new Set(),
};

/** Merges messages and drops every outgoing entry the server now holds: each client_msg_id shows once. */
function withMessages(state: ChatState, received: readonly Message[]): ChatState {
  const incoming = state.deleted.size ? received.filter(({ id }) => !state.deleted.has(id)) : received;
  const messages = mergeMessages(state.messages, incoming);
  const arrived = new Set(incoming.map((message) => message.client_msg_id).filter((id) => id !== null));
  const outbox = arrived.size
    ? state.outbox.filter((entry) => !arrived.has(entry.clientMsgId))
    : state.outbox;
  return { ...state, messages, outbox };
}

/** The newest page, the room's opening view. */
export function latestReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  const next = withMessages(state, page);
  const cursor = Math.max(state.cursor ?? 0, lastId(page) ?? 0);
  return { ...next, cursor, hasOlder: page.length >= limit, loadError: null };
}

/** A page fetched with `after_id` = cursor. */
export function newerReceived(state: ChatState, page: readonly Message[]): ChatState {
  const next = withMessages(state, page);
  return { ...next, cursor: Math.max(state.cursor ?? 0, lastId(page) ?? 0) };
}

/** A page fetched with `before_id` = the oldest id held. */
export function olderReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  return { ...withMessages(state, page), hasOlder: page.length >= limit, loadingOlder: false };
}

/**
 * A room event that brought its message: shown at once, and the cursor moves onto it when the message the
 * room had before it is the cursor. Otherwise it waits, shown, for a read to fill what lies in between.
 */
export function deliveredReceived(state: ChatState, event: RoomMessageSentEvent): ChatState {
  if (!event.message) return state;
  const next = withMessages(state, [event.message]);
  const follows = state.cursor !== null && (event.previous_id ?? 0) === state.cursor;
  return follows ? { ...next, cursor: event.message.id } : next;
}

/**
 * Whether a room event needs a read: it is newer than the cursor and either came without its message or
 * follows a message this client does not hold (one it missed). Before the first page nothing is judged: the
 * read that follows every subscription covers it.
 */
export function deliveryNeedsRead(state: ChatState, event: RoomMessageSentEvent): boolean {
  const { cursor } = state;
  if (cursor === null || event.message_id <= cursor) return false;
  return event.message === null || (event.previous_id ?? 0) !== cursor;
}

/**
 * A message its author deleted (its MessageDeleted event, or this user's own delete): gone from the view,
 * and kept out of it. The cursor stays: later messages may name the deleted id as their `previous_id`,
 * which then still follows on, and a read after the cursor simply finds nothing of it.
 */
export function messageDeleted(state: ChatState, messageId: number): ChatState {
  if (state.deleted.has(messageId)) return state;
  const deleted = new Set(state.deleted).add(messageId);
  const messages = state.messages.some(({ id }) => id === messageId)
    ? state.messages.filter(({ id }) => id !== messageId)
    : state.messages;
  return { ...state, messages, deleted };
}

/** The server's answer to a send: shown at once, while the catch-up fills any gap before it. */
export function sentReceived(state: ChatState, message: Message): ChatState {
  return withMessages(state, [message]);
}

export function queued(state: ChatState, entry: Outgoing): ChatState {
  return { ...state, outbox: [...state.outbox, entry] };
}

function updateOutgoing(state: ChatState, clientMsgId: string, change: Partial<Outgoing>): ChatState {
  if (!state.outbox.some((entry) => entry.clientMsgId === clientMsgId)) return state;
  return {
    ...state,
    outbox: state.outbox.map((entry) =>
      entry.clientMsgId === clientMsgId ? { ...entry, ...change } : entry,
    ),
  };
}

export function sendFailed(
  state: ChatState,
  clientMsgId: string,
  error: string,
  retryable: boolean,
): ChatState {
  return updateOutgoing(state, clientMsgId, { status: 'failed', error, retryable, progress: null });
}

/** Back to pending, keeping its client_msg_id and its place in the order. */
export function retried(state: ChatState, clientMsgId: string): ChatState {
  const entry = state.outbox.find((candidate) => candidate.clientMsgId === clientMsgId);
  return updateOutgoing(state, clientMsgId, {
    status: 'pending',
    error: null,
    progress: entry?.file ? 0 : null,
  });
}

export function progressed(state: ChatState, clientMsgId: string, progress: number): ChatState {
  return updateOutgoing(state, clientMsgId, { progress: Math.min(1, Math.max(0, progress)) });
}

export function discarded(state: ChatState, clientMsgId: string): ChatState {
  return { ...state, outbox: state.outbox.filter((entry) => entry.clientMsgId !== clientMsgId) };
}
