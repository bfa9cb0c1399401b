import type { Message, SearchResult } from '@chat/shared';
import type { MessageLog } from '../message-log';
import type { Outgoing } from '../outgoing';

/**
 * Everything a room view shows, in slices: the live log and its cursors (`log.ts`), the outbox (`outbox.ts`),
 * the around-window (`around.ts`), the search (`search.ts`), the unread divider (`unread.ts`), and the edits and reactions applied to held messages
 * (`message-changes.ts`). It changes only through those files' pure transitions and is read through
 * `selectors.ts`, so the answer to "where is this message held" lives in one place.
 */
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
   * reader jumps to the latest. (Not `window`: that name would shadow the DOM's in every reader.)
   */
  around: AroundWindow | null;
  /** The search panel's query and results, while it is open. */
  search: RoomSearch | null;
  divider: UnreadDivider;
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

/** The room's search, while its panel is open: the query run, the results so far, and the next page's bound. */
export interface RoomSearch {
  query: string;
  results: SearchResult[];
  /** The `before_id` of the next page; null when there is none. */
  next: number | null;
  loading: boolean;
  error: string | null;
}

/**
 * Where the room opens and the unread divider stands: undecided until the first page (and any older ones the
 * unread reach back to) is in; then above the first of the others' messages after the read position, or
 * nowhere. Decided once: the divider stays there while the room is open, however far the read position moves.
 */
export type UnreadDivider = { decided: false } | { decided: true; firstUnread: number | null };

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
  around: null,
  search: null,
  divider: { decided: false },
};

/**
 * Applies a change to every log a message can be held in: the live log and the around-window's, if one is
 * open. An edit, a reaction or a delete must reach the copy the reader sees, wherever it is.
 */
export function inEveryLog(state: ChatState, change: (log: MessageLog) => MessageLog): ChatState {
  const messages = change(state.messages);
  const around = state.around && { ...state.around, messages: change(state.around.messages) };
  const aroundSame = !state.around || around?.messages === state.around.messages;
  if (messages === state.messages && aroundSame) return state;
  return { ...state, messages, around: aroundSame ? state.around : around };
}
