import type { SearchResult } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { aMessage } from '../../../../testing/messages';
import { initialChatState } from './chat-state';
import { searchClosed, searchFailed, searchReceived, searchStarted } from './search';

const hit = (id: number): SearchResult => ({ message: aMessage(id), highlights: [] });

describe('the search slice', () => {
  it('starts a new query afresh and adds a further page to the results so far', () => {
    let state = searchStarted(initialChatState, 'cat', null);
    state = searchReceived(state, 'cat', null, { results: [hit(9), hit(8)], next_before_id: 8 });
    expect(state.search).toMatchObject({ query: 'cat', next: 8, loading: false });
    state = searchStarted(state, 'cat', 8);
    expect(state.search?.results).toHaveLength(2);
    state = searchReceived(state, 'cat', 8, { results: [hit(3)], next_before_id: null });
    expect(state.search?.results.map(({ message }) => message.id)).toEqual([9, 8, 3]);
    expect(searchStarted(state, 'dog', null).search?.results).toEqual([]);
  });

  it('says why a read failed, keeping what was found, and lets go of it all when closed', () => {
    let state = searchReceived(initialChatState, 'cat', null, { results: [hit(9)], next_before_id: 9 });
    state = searchFailed(searchStarted(state, 'cat', 9), 'The search failed.');
    expect(state.search).toMatchObject({ loading: false, error: 'The search failed.' });
    expect(state.search?.results).toHaveLength(1);
    expect(searchClosed(state).search).toBeNull();
    expect(searchFailed(initialChatState, 'late')).toBe(initialChatState);
  });
});
