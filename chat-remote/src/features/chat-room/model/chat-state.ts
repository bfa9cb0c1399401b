import type { Message, Reaction, ReactionChangedEvent, RoomMessageSentEvent } from '@chat/shared';
import { heldVersion, lastId, type MessageLog, mergeMessages, replaceMessage } from './message-log';
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
  /**
   * The `changed_after` of the next catch-up: every held message reflects every change up to this version.
   * Moved only by reads (the opening page, catch-ups), never by an event, which may have overtaken one that
   * was lost. Null while the API sends no versions (one deployed before edits and reactions).
   */
  changeCursor: number | null;
  /** The message the next one sent answers (the bar says 'Replying to …'). */
  replyTo: Message | null;
  /**
   * Per message, the version of the last ReactionChanged applied. An edit's event may arrive after a later
   * reaction's (they can come from different API processes and websocket nodes): the edit's text still
   * applies, but its reactions are older than these.
   */
  reactionVersions: ReadonlyMap<number, number>;
}

export const initialChatState: ChatState = {
  messages: [],
  cursor: null,
  outbox: [],
  hasOlder: false,
  loadingOlder: false,
  loadError: null,
  deleted: new Set(),
  changeCursor: null,
  replyTo: null,
  reactionVersions: new Map(),
};

/** The highest version a page carries; null when the API sends none. */
function newestVersion(page: readonly Message[]): number | null {
  let newest: number | null = null;
  for (const { version } of page) if (version !== undefined) newest = Math.max(newest ?? 0, version);
  return newest;
}

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
  // An empty room of an API that has versions says nothing: page.length === 0 starts at 0 all the same.
  const version = page.length === 0 ? 0 : newestVersion(page);
  const changeCursor = version === null ? null : Math.max(state.changeCursor ?? 0, version);
  return { ...next, cursor, changeCursor, hasOlder: page.length >= limit, loadError: null };
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

/** A held message's own reactions as this user last knew them, kept where an event cannot tell. */
function keepOwn(held: readonly Reaction[] | undefined, emoji: string): boolean {
  return held?.some((reaction) => reaction.emoji === emoji && reaction.me) ?? false;
}

/**
 * A message its author edited (the MessageUpdated event, or this user's own edit): replaces the held copy if
 * newer. An event's reactions all say `me: false`; this user's own are kept from the held copy.
 */
export function messageUpdated(state: ChatState, message: Message, fromEvent: boolean): ChatState {
  const held = state.messages.find(({ id }) => id === message.id);
  if (!held || state.deleted.has(message.id)) return state;
  const reactionsSeen = state.reactionVersions.get(message.id) ?? 0;
  const reactions =
    reactionsSeen > heldVersion(message)
      ? held.reactions
      : fromEvent && message.reactions
        ? message.reactions.map((r) => ({ ...r, me: keepOwn(held.reactions, r.emoji) }))
        : message.reactions;
  const messages = replaceMessage(state.messages, { ...message, reactions });
  return messages === state.messages ? state : { ...state, messages };
}

/** A member reacted, or took a reaction back (ReactionChanged): the counts as of that change, if newer. */
export function reactionChanged(
  state: ChatState,
  event: ReactionChangedEvent,
  ownId: number | null,
): ChatState {
  const held = state.messages.find(({ id }) => id === event.message_id);
  const seen = Math.max(held ? heldVersion(held) : 0, state.reactionVersions.get(event.message_id) ?? 0);
  if (!held || seen >= event.version) return state;
  const reactions = event.reactions.map(({ emoji, count }) => ({
    emoji,
    count,
    me: event.user_id === ownId && emoji === event.emoji ? event.reacted : keepOwn(held.reactions, emoji),
  }));
  // The copy's own version stays: an edit older than this reaction but newer than the copy still applies.
  return {
    ...state,
    messages: replaceMessage(state.messages, { ...held, reactions }),
    reactionVersions: new Map(state.reactionVersions).set(event.message_id, event.version),
  };
}

/**
 * This user's reactions on a message, set at once when they click (optimistic), and again from the API's
 * answer. `version` stays: the event of the same change, or a catch-up, brings the authoritative copy.
 */
export function reactionsSet(state: ChatState, messageId: number, reactions: readonly Reaction[]): ChatState {
  const held = state.messages.find(({ id }) => id === messageId);
  if (!held) return state;
  return { ...state, messages: replaceMessage(state.messages, { ...held, reactions: [...reactions] }) };
}

/** The message bar's reply target; null to cancel. */
export function replyChosen(state: ChatState, message: Message | null): ChatState {
  return { ...state, replyTo: message };
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
  const replyTo = state.replyTo?.id === messageId ? null : state.replyTo;
  return { ...state, messages, deleted, replyTo };
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
