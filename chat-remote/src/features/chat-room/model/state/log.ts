import type { Message, RoomMessageSentEvent } from '@chat/shared';
import { lastId, type MessageLog, mergeMessages } from '../message-log';
import { quotesRefreshed } from '../reply-quote';
import { type ChatState, inEveryLog } from './chat-state';

/** The live log and its cursors: the pages read, the events delivered, the messages deleted. */

/** The highest version a page carries; null when the API sends none. */
function newestVersion(page: readonly Message[]): number | null {
  let newest: number | null = null;
  for (const { version } of page) if (version !== undefined) newest = Math.max(newest ?? 0, version);
  return newest;
}

/** Merges messages and drops every outgoing entry the server now holds: each client_msg_id shows once. */
export function withMessages(state: ChatState, received: readonly Message[]): ChatState {
  const incoming = state.deleted.size ? received.filter(({ id }) => !state.deleted.has(id)) : received;
  // A read may bring an edited original (a catch-up's changed part): its replies quote it afresh.
  const ids = new Set(incoming.map(({ id }) => id));
  const messages = quotesRefreshed(mergeMessages(state.messages, incoming), ids);
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
  // An empty room of an API that has versions says nothing: page.length === 0 starts at 0 all the same.
  const version = page.length === 0 ? 0 : newestVersion(page);
  const changeCursor = version === null ? null : Math.max(state.changeCursor ?? 0, version);
  return { ...next, cursor, changeCursor, hasOlder: page.length >= limit, loadError: null };
}

/**
 * The first page could not be read: the room says why. Once a page is held a failed catch-up says nothing
 * (the cursor did not move, so the next event or reconnect reads the same range).
 */
export function firstPageFailed(state: ChatState, error: string): ChatState {
  return state.cursor === null ? { ...state, loadError: error } : state;
}

/**
 * A page fetched with `after_id` = cursor (and `changed_after` = the change cursor, when known): the
 * messages after the cursor, and the held ones changed since. A changed message older than everything held
 * is left out (it is read with its page, when the reader scrolls there). `changesFull`: the changed part
 * came back full, so the change cursor moves only to its newest version and the next read asks again.
 */
export function newerReceived(state: ChatState, page: readonly Message[], changesFull = false): ChatState {
  const from = state.cursor ?? 0;
  const oldest = state.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const kept = page.filter(({ id }) => id > from || id >= oldest);
  const next = withMessages(state, kept);
  const changed = changesFull ? page.filter(({ id }) => id <= from) : page;
  const version = newestVersion(changed);
  const changeCursor =
    state.changeCursor === null || version === null
      ? state.changeCursor
      : Math.max(state.changeCursor, version);
  const newest = page.filter(({ id }) => id > from).at(-1)?.id ?? 0;
  return { ...next, cursor: Math.max(from, newest), changeCursor };
}

/** A read of the page before the oldest message starts, or ends without a page (it failed). */
export function olderLoading(state: ChatState, loading: boolean): ChatState {
  return state.loadingOlder === loading ? state : { ...state, loadingOlder: loading };
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

/** The server's answer to a send: shown at once, while the catch-up fills any gap before it. */
export function sentReceived(state: ChatState, message: Message): ChatState {
  return withMessages(state, [message]);
}

/**
 * A message its author deleted (its MessageDeleted event, or this user's own delete): gone from the view,
 * and kept out of it. The cursor stays: later messages may name the deleted id as their `previous_id`,
 * which then still follows on, and a read after the cursor simply finds nothing of it.
 */
export function messageDeleted(state: ChatState, messageId: number): ChatState {
  if (state.deleted.has(messageId)) return state;
  const deleted = new Set(state.deleted).add(messageId);
  const replyTo = state.replyTo?.id === messageId ? null : state.replyTo;
  const without = (log: MessageLog) =>
    log.some(({ id }) => id === messageId) ? log.filter(({ id }) => id !== messageId) : log;
  return { ...inEveryLog(state, without), deleted, replyTo };
}

/** The message bar's reply target; null to cancel. */
export function replyChosen(state: ChatState, message: Message | null): ChatState {
  return { ...state, replyTo: message };
}
