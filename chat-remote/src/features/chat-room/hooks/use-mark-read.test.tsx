import { type Room, roomKeys, ServicesContext } from '@chat/shared';
import { createTestServices, stubHttp } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MARK_READ_DELAY_MS, useMarkRead } from './use-mark-read';

function setUp() {
  const post = rs.fn((_url: string, _data: unknown, _config?: unknown) => Promise.resolve(undefined));
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
      mention_count: 2,
      created_at: '',
    },
  ];
  services.queryClient.setQueryData(roomKeys.all, rooms);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
  );
  const view = renderHook(() => useMarkRead(7), { wrapper });
  const seen = (id: number) => act(() => view.result.current(id));
  const reads = () => post.mock.calls.map(([url, data]) => [url, data]);
  return { services, view, seen, reads, post };
}

describe('useMarkRead', () => {
  let visibility: ReturnType<typeof rs.spyOn>;
  beforeEach(() => {
    rs.useFakeTimers();
    visibility = rs.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });
  afterEach(() => {
    visibility.mockRestore();
    rs.useRealTimers();
  });

  it('marks the first message seen at once, with keepalive, and clears the cached badges', () => {
    const { services, seen, reads, post } = setUp();
    seen(2);
    expect(reads()).toEqual([['chatrooms/7/read', { message_id: 2 }]]);
    expect(post.mock.calls[0]?.[2]).toMatchObject({ fetchOptions: { keepalive: true } });
    expect(services.queryClient.getQueryData<Room[]>(roomKeys.all)?.[0]).toMatchObject({
      unread_count: 0,
      mention_count: 0,
    });
  });

  it('batches a stream seen after that into one read per interval', async () => {
    const { seen, reads } = setUp();
    seen(2);
    seen(3);
    seen(4);
    expect(reads()).toHaveLength(1);
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS));
    expect(reads()).toEqual([
      ['chatrooms/7/read', { message_id: 2 }],
      ['chatrooms/7/read', { message_id: 4 }],
    ]);
    seen(3);
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS * 3));
    expect(reads()).toHaveLength(2);
  });

  it('counts nothing on screen while the page is hidden, until it shows again', async () => {
    const { seen, reads } = setUp();
    visibility.mockReturnValue('hidden');
    seen(5);
    await act(() => rs.advanceTimersByTimeAsync(MARK_READ_DELAY_MS * 2));
    expect(reads()).toEqual([]);
    visibility.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(reads()).toEqual([['chatrooms/7/read', { message_id: 5 }]]);
  });

  it('sends a pending read when the page is hidden, reloaded or closed, and when the room closes', () => {
    const { seen, reads, view } = setUp();
    seen(1);
    seen(2);
    visibility.mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(reads().at(-1)).toEqual(['chatrooms/7/read', { message_id: 2 }]);
    visibility.mockReturnValue('visible');
    seen(3);
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(reads().at(-1)).toEqual(['chatrooms/7/read', { message_id: 3 }]);
    seen(4);
    view.unmount();
    expect(reads().at(-1)).toEqual(['chatrooms/7/read', { message_id: 4 }]);
    expect(reads()).toHaveLength(4);
  });
});
