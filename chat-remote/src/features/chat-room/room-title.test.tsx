import {
  type ApiError,
  loadedEcho,
  type Room,
  roomQueryOptions,
  roomsQueryOptions,
  takeJoinFailure,
} from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { ChatRoom } from './chat-room';

/** The room's API with its join held until the test answers it. */
function heldJoin() {
  const api = fakeRoomApi();
  let answer: (outcome: { refused?: ApiError }) => void = () => {};
  const answered = new Promise<{ refused?: ApiError }>((resolve) => {
    answer = resolve;
  });
  let joins = 0;
  const post = api.http.post;
  api.http.post = (async (url: string, data?: unknown, config?: AxiosRequestConfig) => {
    if (url.endsWith('/join')) {
      joins += 1;
      const { refused } = await answered;
      if (refused) throw refused;
    }
    return post(url, data, config);
  }) as typeof post;
  return {
    api,
    /** Joins asked for, answered or not (the fake API records a call once it answers). */
    joins: () => joins,
    answerJoin: () => act(async () => answer({})),
    refuseJoin: (refused: ApiError) => act(async () => answer({ refused })),
  };
}

function renderRoom(
  api: ReturnType<typeof fakeRoomApi>,
  cache: (services: ReturnType<typeof createTestServices>) => void = () => {},
) {
  const fake = createFakeEcho();
  const services = createTestServices({ http: api.http, echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  cache(services);
  renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return services;
}

const title = () => screen.getByRole('heading', { level: 2 });
const joining = () => screen.queryByText('Joining the room…');
const articles = () => screen.queryAllByRole('article');
const other: Room = { ...testRoom, id: 8, name: 'Elsewhere' };

withElementSize();

afterEach(() => {
  sessionStorage.clear();
  rs.restoreAllMocks();
});

describe("the chat room's title", () => {
  it('shows the room the shell preloaded while the join is still out, and stays put when it answers', async () => {
    const { api, joins, answerJoin } = heldJoin();
    renderRoom(api, ({ queryClient, http }) =>
      queryClient.setQueryData(roomQueryOptions(http, testRoom.id).queryKey, testRoom),
    );

    const before = title();
    expect(before).toHaveTextContent('Chat Room: General');
    expect(joining()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Room' })).toBeDisabled();
    await waitFor(() => expect(joins()).toBe(1));
    expect(articles()).toEqual([]);

    await answerJoin();
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(title()).toBe(before);
    expect(title()).toHaveTextContent('Chat Room: General');
    expect(joining()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Room' })).toBeEnabled();
  });

  it("shows the name from the room list's row when the room is opened from the list", async () => {
    const { api, answerJoin } = heldJoin();
    renderRoom(api, ({ queryClient, http }) =>
      queryClient.setQueryData(roomsQueryOptions(http).queryKey, [other, testRoom]),
    );

    expect(title()).toHaveTextContent('Chat Room: General');
    expect(joining()).toBeInTheDocument();
    await answerJoin();
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(title()).toHaveTextContent('Chat Room: General');
  });

  it('takes the name when the preload lands after the room opened; with nothing known it waits for the join', async () => {
    const { api, joins, answerJoin } = heldJoin();
    const services = renderRoom(api, ({ queryClient, http }) =>
      queryClient.setQueryData(roomsQueryOptions(http).queryKey, [other]),
    );
    expect(title()).toHaveTextContent(/^Chat Room:\s*$/);

    act(() => {
      services.queryClient.setQueryData(roomQueryOptions(services.http, testRoom.id).queryKey, testRoom);
    });
    await waitFor(() => expect(title()).toHaveTextContent('Chat Room: General'));
    expect(joining()).toBeInTheDocument();
    // The cache is read, never fetched: nothing but the join has been asked of the API.
    expect(joins()).toBe(1);
    expect(api.calls).toEqual([]);
    await answerJoin();
    await waitFor(() => expect(articles()).toHaveLength(1));
  });

  it('with no cache at all, titles the room once the join answers, as before', async () => {
    const { api, answerJoin } = heldJoin();
    renderRoom(api);
    expect(title()).toHaveTextContent(/^Chat Room:\s*$/);
    await answerJoin();
    await waitFor(() => expect(title()).toHaveTextContent('Chat Room: General'));
  });

  it('still reloads onto the room list with the reason when the join is refused after the title showed', async () => {
    const assign = rs.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { api, refuseJoin } = heldJoin();
    renderRoom(api, ({ queryClient, http }) =>
      queryClient.setQueryData(roomQueryOptions(http, testRoom.id).queryKey, {
        ...testRoom,
        is_member: false,
      }),
    );
    expect(title()).toHaveTextContent('Chat Room: General');

    await refuseJoin({ message: 'This room is full.', status: 422 });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(takeJoinFailure()).toBe('This room is full.');
    expect(articles()).toEqual([]);
  });
});
