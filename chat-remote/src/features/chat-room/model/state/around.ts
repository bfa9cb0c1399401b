import type { Message } from '@chat/shared';
import { lastId, mergeMessages } from '../message-log';
import type { AroundWindow, ChatState } from './chat-state';
import { withMessages } from './log';
import { inAround } from './selectors';

/** The around-window: a stretch far back (a search hit, a quote's original), read apart from the live log. */

/**
 * Whether the window now reaches the live log (they share a message, or the window holds the newest): then the
 * two are one stretch, and the window is folded into the live log.
 */
function joinedUp(state: ChatState): ChatState {
  const { around } = state;
  if (!around) return state;
  const aroundLast = lastId(around.messages);
  const liveFirst = state.messages[0]?.id;
  const meets =
    around.messages.length === 0 ||
    (aroundLast !== null && liveFirst !== undefined && aroundLast >= liveFirst) ||
    (!around.hasNewer && state.messages.length === 0);
  if (!meets) return state;
  const firstAround = around.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const extendsBack = firstAround < (liveFirst ?? Number.POSITIVE_INFINITY);
  return {
    ...withMessages(state, around.messages),
    hasOlder: extendsBack ? around.hasOlder : state.hasOlder,
    around: null,
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
  const around: AroundWindow = {
    targetId,
    messages,
    // The server splits the page about half before, half from the message on: a short side is the end.
    hasOlder: page.length >= limit || before >= Math.floor(limit / 2),
    loadingOlder: false,
    hasNewer: page.length >= limit || from >= Math.ceil(limit / 2),
    loadingNewer: false,
    liveNewest: state.around ? state.around.liveNewest : lastId(state.messages),
  };
  return joinedUp({ ...state, around });
}

/** A page fetched with `before_id` = the window's oldest message. */
export function aroundOlderReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  if (!state.around) return state;
  const incoming = page.filter(({ id }) => !state.deleted.has(id));
  return {
    ...state,
    around: {
      ...state.around,
      messages: mergeMessages(state.around.messages, incoming),
      hasOlder: page.length >= limit,
      loadingOlder: false,
    },
  };
}

/** A page fetched with `after_id` = the window's newest message: the window grows towards the live log. */
export function aroundNewerReceived(state: ChatState, page: readonly Message[], limit: number): ChatState {
  if (!state.around) return state;
  const incoming = page.filter(({ id }) => !state.deleted.has(id));
  return joinedUp({
    ...state,
    around: {
      ...state.around,
      messages: mergeMessages(state.around.messages, incoming),
      hasNewer: page.length >= limit,
      loadingNewer: false,
    },
  });
}

/** A window read starts (`older` or newer), or ends without a page (it failed). */
export function aroundLoading(state: ChatState, older: boolean, loading: boolean): ChatState {
  if (!state.around) return state;
  const flag = older ? 'loadingOlder' : 'loadingNewer';
  return { ...state, around: { ...state.around, [flag]: loading } };
}

/** Back to the live log ('Jump to latest'); the window's messages are let go. */
export function aroundClosed(state: ChatState): ChatState {
  return state.around ? { ...state, around: null } : state;
}

/**
 * The reader goes to message `id`, found held: a window that does not hold it closes, since the message is
 * then in the live log.
 */
export function jumpedTo(state: ChatState, id: number): ChatState {
  return inAround(state, id) ? state : aroundClosed(state);
}
