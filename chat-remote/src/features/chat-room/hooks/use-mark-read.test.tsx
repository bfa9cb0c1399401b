import { type Room, roomKeys, ServicesContext } from '@chat/shared';
import { createTestServices, stubHttp } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { aMessage } from '../../../testing/messages';
import { latestReceived, newerReceived } from '../model/chat-state';
import { createChatStore } from '../model/chat-store';
import { MARK_READ_DELAY_MS, useMarkRead } from './use-mark-read';

function setUp() {
  const post = rs.fn((_url: string, _data: unknown) => Promise.resolve(undefined));
  const services = createTestServices({ http: stubHttp({ post }) });
  const rooms: Room[] = [
    {
      id: 7,
      name: 'Open',
      description: '',
      max_members: 10,
      members_count: 2,
      is_member: true,
      unread_count: 4,
      created_at: '',
    },
  ];
  services.queryClient.setQueryData(roomKeys.all, rooms);
  const store = createChatStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
  );
  const view = renderHook(() => useMarkRead(7, store), { wrapper });
  const reads = () => post.mock.calls.map(([url, data]) => [url, data]);
  return { services, store, view, reads };
}

describe('useMarkRead', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('marks the newest message shown, once per burst, and clears the cached unread count', async () => {
    const { services, store, reads } = setUp();
    act(() => store.setState((state) => latestReceived(state, [aMessage(1), aMessage(2)], 50)));
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS / 2));
    act(() => store.setState((state) => newerReceived(state, [aMessage(3)])));
    expect(reads()).toEqual([]);
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS / 2));
    expect(reads()).toEqual([['chatrooms/7/read', { message_id: 3 }]]);
    expect(services.queryClient.getQueryData<Room[]>(roomKeys.all)?.[0]?.unread_count).toBe(0);

    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS * 3));
    expect(reads()).toHaveLength(1);
  });

  it('waits while the page is hidden, and marks at once when the room closes', async () => {
    const { store, view, reads } = setUp();
    const visibility = rs.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => store.setState((state) => latestReceived(state, [aMessage(5)], 50)));
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS * 2));
    expect(reads()).toEqual([]);

    visibility.mockReturnValue('visible');
    act(() => store.setState((state) => newerReceived(state, [aMessage(6)])));
    view.unmount();
    expect(reads()).toEqual([['chatrooms/7/read', { message_id: 6 }]]);
    visibility.mockRestore();
  });
});
