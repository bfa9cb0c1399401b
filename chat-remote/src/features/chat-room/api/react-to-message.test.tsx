import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { act, waitFor } from '@testing-library/react';
import { aMessage } from '../../../testing/messages';
import { createChatStore } from '../model/chat-store';
import { aroundReceived } from '../model/state/around';
import { latestReceived } from '../model/state/log';
import { findMessage } from '../model/state/selectors';
import { type ReactionJob, useReactToMessage } from './react-to-message';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => aMessage(from + i));

describe('reacting to a message', () => {
  it('shows the reaction at once on a message held in the around-window, not only in the live log', async () => {
    const store = createChatStore();
    store.setState((state) =>
      aroundReceived(latestReceived(state, range(901, 1000), 100), 50, range(40, 59), 20),
    );
    // The API's answer never comes: whatever the message shows is the optimistic update.
    const services = createTestServices({ http: stubHttp({ put: () => new Promise(() => {}) }) });
    let react: (job: ReactionJob) => void = () => {};
    function Probe() {
      react = useReactToMessage(7, store, () => {}).mutate;
      return null;
    }
    renderWithServices(<Probe />, services);

    act(() => react({ messageId: 50, emoji: '👍', add: true }));

    expect(store.getState().around?.messages.some(({ id }) => id === 50)).toBe(true);
    await waitFor(() =>
      expect(findMessage(store.getState(), 50)?.reactions).toEqual([{ emoji: '👍', count: 1, me: true }]),
    );
  });
});
