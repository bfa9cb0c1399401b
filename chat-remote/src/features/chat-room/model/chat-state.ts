import type { Message, Reaction, ReactionChangedEvent, RoomMessageSentEvent } from '@chat/shared';
import { heldVersion, lastId, type MessageLog, mergeMessages, replaceMessage } from './message-log';
import type { Outgoing } from './outgoing';
import { quotesRefreshed } from './reply-quote';

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
  /**
   * The conversation around a message far back (a search result), shown instead of the live log while set.
   * The live log above stays as it was and keeps receiving; the window goes when it meets the live log or the
   * reader jumps to the latest.
   */
  window: AroundWindow | null;
}

/** A stretch of the room's history read with `around_id`, apart from the live log. */
export interface AroundWindow {
  /** The message it was opened around. */
  targetId: number;
  messages: MessageLog;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Messages after the window and before the live log may exist: scrolling down reads them. */
  hasNewer: boolean;
  loadingNewer: boolean;
  /** The live log's newest message when a window first opened: those after it arrived while it was shown. */
  liveNewest: number | null;
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
  window: null,
};

/** Applies a change to the live log and to the around-window's messages, if one is open. */
function inBoth(state: ChatState, change: (log: MessageLog) => MessageLog): ChatState {
  const messages = change(state.messages);
  const window = state.window && { ...state.window, messages: change(state.window.messages) };
  const windowSame = !state.window || window?.messages === state.window.messages;
  if (messages === state.messages && windowSame) return state;
  return { ...state, messages, window: windowSame ? state.window : window };
}

/** The held copy of a message, in the live log or the around-window. */
function heldCopy(state: ChatState, id: number): Message | undefined {
  return state.messages.find((m) => m.id === id) ?? state.window?.messages.find((m) => m.id === id);
}

/** The highest version a page carries; null when the API sends none. */
function newestVersion(page: readonly Message[]): number | null {
  let newest: number | null = null;
  for (const { version } of page) if (version !== undefined) newest = Math.max(newest ?? 0, version);
  return newest;
}

/** Merges messages and drops every outgoing entry the server now holds: each client_msg_id shows once. */
function withMessages(state: ChatState, received: readonly Message[]): ChatState {
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
  const held = heldCopy(state, message.id);
  if (!held || state.deleted.has(message.id)) return state;
  const reactionsSeen = state.reactionVersions.get(message.id) ?? 0;
  const reactions =
    reactionsSeen > heldVersion(message)
      ? held.reactions
      : fromEvent && message.reactions
        ? message.reactions.map((r) => ({ ...r, me: keepOwn(held.reactions, r.emoji) }))
        : message.reactions;
  const original = new Set([message.id]);
  return inBoth(state, (log) => quotesRefreshed(replaceMessage(log, { ...message, reactions }), original));
}

/** A member reacted, or took a reaction back (ReactionChanged): the counts as of that change, if newer. */
export function reactionChanged(
  state: ChatState,
  event: ReactionChangedEvent,
  ownId: number | null,
): ChatState {
  const held = heldCopy(state, event.message_id);
  const seen = Math.max(held ? heldVersion(held) : 0, state.reactionVersions.get(event.message_id) ?? 0);
  if (!held || seen >= event.version) return state;
  const reactions = event.reactions.map(({ emoji, count }) => ({
    emoji,
    count,
    me: event.user_id === ownId && emoji === event.emoji ? event.reacted : keepOwn(held.reactions, emoji),
  }));
  // The copy's own version stays: an edit older than this reaction but newer than the copy still applies.
  return {
    ...inBoth(state, (log) => replaceMessage(log, { ...held, reactions })),
    reactionVersions: new Map(state.reactionVersions).set(event.message_id, event.version),
  };
}

/**
 * This user's reactions on a message, set at once when they click (optimistic), and again from the API's
 * answer. `version` stays: the event of the same change, or a catch-up, brings the authoritative copy.
 */
export function reactionsSet(state: ChatState, messageId: number, reactions: readonly Reaction[]): ChatState {
  const held = heldCopy(state, messageId);
  if (!held) return state;
  return inBoth(state, (log) => replaceMessage(log, { ...held, reactions: [...reactions] }));
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
  const replyTo = state.replyTo?.id === messageId ? null : state.replyTo;
  const without = (log: MessageLog) =>
    log.some(({ id }) => id === messageId) ? log.filter(({ id }) => id !== messageId) : log;
  return { ...inBoth(state, without), deleted, replyTo };
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

/**
 * Whether the window now reaches the live log (they share a message, or the window holds the newest): then the
 * two are one stretch, and the window is folded into the live log.
 */
function joinedUp(state: ChatState): ChatState {
  const { window } = state;
  if (!window) return state;
  const windowLast = lastId(window.messages);
  const liveFirst = state.messages[0]?.id;
  const meets =
    window.messages.length === 0 ||
    (windowLast !== null && liveFirst !== undefined && windowLast >= liveFirst) ||
    (!window.hasNewer && state.messages.length === 0);
  if (!meets) return state;
  const firstWindow = window.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const extendsBack = firstWindow < (liveFirst ?? Number.POSITIVE_INFINITY);
  return {
    ...withMessages(state, window.messages),
    hasOlder: extendsBack ? window.hasOlder : state.hasOlder,
    window: null,
  };
}

/**
 * The page read with `around_id`: shown as a window apart from the live log, unless it already meets the live
 * log, where it simply joins it. `limit`: the page's size, to tell whether more lies before or after it.
 */
export function aroundReceived(
  state: ChatState,
  targetId: number,
  page: readonly Message[],
  limit: number,
): ChatState {
  const incoming = state.deleted.size ? page.filter(({ id }) => !state.deleted.has(id)) : page;
  const messages = mergeMessages([], incoming);
  const before = messages.filter(({ id }) => id < targetId).length;
  const from = messages.length - before;
  const window: AroundWindow = {
    targetId,
    messages,
    // The server splits the page about half before, half from the message on: a short side is the end.
    hasOlder: page.length >= limit || before >= Math.floor(limit / 2),
    loadingOlder: false,
    hasNewer: page.length >= limit || from >= Math.ceil(limit / 2),
    loadingNewer: false,
    liveNewest: state.window ? state.window.liveNewest : lastId(state.messages),
  };
  return joinedUp({ ...state, window });
}

/** A page fetched with `before_id` = the window's oldest message. */
export function windowOlderReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  if (!state.window) return state;
  const incoming = page.filter(({ id }) => !state.deleted.has(id));
  return {
    ...state,
    window: {
      ...state.window,
      messages: mergeMessages(state.window.messages, incoming),
      hasOlder: page.length >= limit,
      loadingOlder: false,
    },
  };
}

/** A page fetched with `after_id` = the window's newest message: the window grows towards the live log. */
export function windowNewerReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  if (!state.window) return state;
  const incoming = page.filter(({ id }) => !state.deleted.has(id));
  return joinedUp({
    ...state,
    window: {
      ...state.window,
      messages: mergeMessages(state.window.messages, incoming),
      hasNewer: page.length >= limit,
      loadingNewer: false,
    },
  });
}

/** A window read starts (`older` or newer), or ends without a page (it failed). */
export function windowLoading(state: ChatState, older: boolean, loading: boolean): ChatState {
  if (!state.window) return state;
  const flag = older ? 'loadingOlder' : 'loadingNewer';
  return { ...state, window: { ...state.window, [flag]: loading } };
}

/** Back to the live log ('Jump to latest'); the window's messages are let go. */
export function windowClosed(state: ChatState): ChatState {
  return state.window ? { ...state, window: null } : state;
}
