import type { SearchMessagesResponse } from '@chat/shared';
import type { ChatState } from './chat-state';

/** A search runs: a new query (`beforeId` null) starts afresh, a further page keeps the results so far. */
export function searchStarted(state: ChatState, query: string, beforeId: number | null): ChatState {
  const current = state.search;
  return {
    ...state,
    search: {
      query,
      results: beforeId && current ? current.results : [],
      next: beforeId && current ? current.next : null,
      loading: true,
      error: null,
    },
  };
}

export function searchReceived(
  state: ChatState,
  query: string,
  beforeId: number | null,
  page: SearchMessagesResponse,
): ChatState {
  const current = state.search;
  return {
    ...state,
    search: {
      query,
      results: [...(beforeId && current ? current.results : []), ...page.results],
      next: page.next_before_id,
      loading: false,
      error: null,
    },
  };
}

export function searchFailed(state: ChatState, error: string): ChatState {
  return state.search ? { ...state, search: { ...state.search, loading: false, error } } : state;
}

/** The panel closes (Close, Escape, an emptied field, or a result opened). */
export function searchClosed(state: ChatState): ChatState {
  return state.search ? { ...state, search: null } : state;
}
