import type { Room } from '@chat/shared';
import { loadedEcho } from '@chat/shared';
import {
  CHAT_CHANNEL,
  MESSAGE_DELETED_EVENT,
  MESSAGE_SENT_EVENT,
  REMOVED_FROM_ROOM_EVENT,
  ROOM_CREATED_EVENT,
  ROOM_DELETED_EVENT,
  ROOM_INVITED_EVENT,
  ROOM_READ_EVENT,
  ROOM_UPDATED_EVENT,
  userChannel,
} from '@chat/shared/constants';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { aRoom } from '../../../testing/a-room';
import { createFakeEcho } from '../../../testing/fake-echo';
import { RoomList } from '../room-list';
import { UNREAD_REFRESH_MS } from './use-live-rooms';

const summary = ({ is_member: _, unread_count: __, ...rest }: Room) => rest;

function renderLiveList(answers: Room[][]) {
  const fake = createFakeEcho();
  let call = 0;
  const get = rs.fn(() => Promise.resolve(answers[Math.min(call++, answers.length - 1)]));
  const services = createTestServices({ http: stubHttp({ get }), echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  const view = renderWithServices(<RoomList />, services);
  return { fake, get, ...view };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('the live room list', () => {
  beforeEach(() => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it("shows a joined room's unread count as a badge named for it", async () => {
    renderLiveList([[aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 3 }), aRoom({ id: 2 })]]);
    const row = await rowOf('Mine');
    expect(within(row).getByRole('img', { name: '3 unread' })).toHaveTextContent('3');
    expect(screen.getAllByRole('img', { name: /unread/ })).toHaveLength(1);
  });

  it('shows 99+ past two digits', async () => {
    renderLiveList([[aRoom({ name: 'Busy', is_member: true, unread_count: 100 })]]);
    expect(within(await rowOf('Busy')).getByRole('img', { name: '99+ unread' })).toHaveTextContent('99+');
  });

  it('adds a room created elsewhere and updates member counts, without a read', async () => {
    const { fake, get } = renderLiveList([[aRoom({ id: 1, name: 'Old', is_member: true, unread_count: 2 })]]);
    await rowOf('Old');
    act(() => {
      fake.emit(CHAT_CHANNEL, ROOM_CREATED_EVENT, { room: summary(aRoom({ id: 2, name: 'Fresh' })) });
      fake.emit(CHAT_CHANNEL, ROOM_UPDATED_EVENT, {
        room: summary(aRoom({ id: 1, name: 'Old', members_count: 7, max_members: 10 })),
      });
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/^1\.\s*Fresh/));
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[1] as HTMLElement).getByLabelText('7 of 10 members')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: '2 unread' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads the list again once per burst of messages in joined rooms, not for others', async () => {
    const { fake, get } = renderLiveList([
      [aRoom({ id: 1, name: 'Mine', is_member: true }), aRoom({ id: 2, name: 'Theirs' })],
      [aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 2 }), aRoom({ id: 2, name: 'Theirs' })],
    ]);
    await rowOf('Mine');
    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 2, message_id: 5 }));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2));
    expect(get).toHaveBeenCalledTimes(1);

    act(() => {
      fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 1, message_id: 6 });
      fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 1, message_id: 7 });
      fake.emit(CHAT_CHANNEL, MESSAGE_DELETED_EVENT, { room_id: 1, message_id: 6 });
    });
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(await within(await rowOf('Mine')).findByRole('img', { name: '2 unread' })).toBeInTheDocument();
  });

  it("shows a joined room's mentions beside its unread count, named for them, none without a count", async () => {
    renderLiveList([
      [
        aRoom({ id: 4, name: 'Called', is_member: true, unread_count: 5, mention_count: 1 }),
        aRoom({ id: 3, name: 'Often', is_member: true, unread_count: 120, mention_count: 3 }),
        aRoom({ id: 2, name: 'Old API', is_member: true, unread_count: 2 }),
        aRoom({ id: 1, name: 'Left', mention_count: 2 }),
      ],
    ]);
    const called = await rowOf('Called');
    expect(within(called).getByRole('img', { name: '1 mention' })).toHaveTextContent('@1');
    const badges = within(called).getAllByRole('img', { name: /unread|mention/ });
    expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual(['5 unread', '1 mention']);
    expect(within(await rowOf('Often')).getByRole('img', { name: '3 mentions' })).toHaveTextContent('@3');
    expect(within(await rowOf('Old API')).queryByRole('img', { name: /mention/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Left')).queryByRole('img', { name: /mention/ })).not.toBeInTheDocument();
  });

  it('updates the mentions live with the next read of the list, and clears them once read', async () => {
    const { fake, get } = renderLiveList([
      [aRoom({ id: 1, name: 'Mine', is_member: true })],
      [aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 2, mention_count: 2 })],
      [aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 0, mention_count: 0 })],
    ]);
    const mine = await rowOf('Mine');
    expect(within(mine).queryByRole('img', { name: /mention/ })).not.toBeInTheDocument();
    act(() => {
      fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 1, message_id: 8 });
      fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 1, message_id: 9 });
    });
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(await within(mine).findByRole('img', { name: '2 mentions' })).toBeInTheDocument();

    // Opened elsewhere: the read position moved, and the next read clears it.
    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_DELETED_EVENT, { room_id: 1, message_id: 3 }));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(within(mine).queryByRole('img', { name: /mention/ })).not.toBeInTheDocument());
  });

  it('reads the list again when this user read one of their rooms elsewhere, heard on their own channel', async () => {
    const { fake, get, unmount } = renderLiveList([
      [aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 2 })],
      [aRoom({ id: 1, name: 'Mine', is_member: true, unread_count: 0 })],
    ]);
    const mine = await rowOf('Mine');
    expect(within(mine).getByRole('img', { name: '2 unread' })).toBeInTheDocument();
    // Another user's channel is not this list's business.
    act(() => fake.emit(userChannel(3), ROOM_READ_EVENT, { room_id: 1, last_read_id: 9 }));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2));
    expect(get).toHaveBeenCalledTimes(1);

    act(() => fake.emit(userChannel(2), ROOM_READ_EVENT, { room_id: 1, last_read_id: 9 }));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(within(mine).queryByRole('img', { name: /unread/ })).not.toBeInTheDocument());

    // Closed: deaf to it, but the channel stays for the shell's mention notifications on it.
    unmount();
    act(() => fake.emit(userChannel(2), ROOM_READ_EVENT, { room_id: 1, last_read_id: 10 }));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2));
    expect(get).toHaveBeenCalledTimes(2);
    expect(fake.joined.has(userChannel(2))).toBe(true);
  });

  it('shows a room this user was invited into at once, heard on their own channel, then reads the list', async () => {
    const hideout = aRoom({ id: 5, name: 'Hideout', private: true, is_member: true, my_role: 'member' });
    const { fake, get } = renderLiveList([
      [aRoom({ id: 1, name: 'Old' })],
      [hideout, aRoom({ id: 1, name: 'Old' })],
    ]);
    await rowOf('Old');
    // Someone else's invitation is not this list's business.
    act(() => fake.emit(userChannel(3), ROOM_INVITED_EVENT, { room: hideout }));
    expect(screen.queryByText('Hideout')).not.toBeInTheDocument();

    act(() => fake.emit(userChannel(2), ROOM_INVITED_EVENT, { room: hideout }));
    const row = await rowOf('Hideout');
    expect(screen.getAllByRole('listitem')[0]).toBe(row);
    expect(within(row).getByText('Joined')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('drops a private room its owner removed this user from, and reads the list again', async () => {
    const { fake, get } = renderLiveList([
      [aRoom({ id: 5, name: 'Hideout', private: true, is_member: true }), aRoom({ id: 1, name: 'Old' })],
      [aRoom({ id: 1, name: 'Old' })],
    ]);
    await rowOf('Hideout');
    act(() => fake.emit(userChannel(2), REMOVED_FROM_ROOM_EVENT, { room_id: 5, room_name: 'Hideout' }));
    await waitFor(() => expect(screen.queryByText('Hideout')).not.toBeInTheDocument());
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("drops a deleted room at once, heard on 'chatroom' (public) or this user's own channel (private)", async () => {
    const { fake, get } = renderLiveList([
      [
        aRoom({ id: 5, name: 'Hideout', private: true, is_member: true }),
        aRoom({ id: 3, name: 'Lounge', is_member: true }),
        aRoom({ id: 1, name: 'Old' }),
      ],
    ]);
    await rowOf('Hideout');
    act(() => fake.emit(CHAT_CHANNEL, ROOM_DELETED_EVENT, { room_id: 3, room_name: 'Lounge' }));
    await waitFor(() => expect(screen.queryByText('Lounge')).not.toBeInTheDocument());
    act(() => fake.emit(userChannel(2), ROOM_DELETED_EVENT, { room_id: 5, room_name: 'Hideout' }));
    await waitFor(() => expect(screen.queryByText('Hideout')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("tags an archived room 'Archived', live with RoomUpdated", async () => {
    const { fake } = renderLiveList([[aRoom({ id: 1, name: 'Old', archived_at: null })]]);
    expect(within(await rowOf('Old')).queryByText('Archived')).toBeNull();
    act(() =>
      fake.emit(CHAT_CHANNEL, ROOM_UPDATED_EVENT, {
        room: { ...summary(aRoom({ id: 1, name: 'Old' })), archived_at: '2026-02-01T00:00:00Z' },
      }),
    );
    await waitFor(async () => expect(within(await rowOf('Old')).getByText('Archived')).toBeInTheDocument());
  });

  it("takes a private room's RoomCreated and RoomUpdated from this user's own channel, without a read", async () => {
    const { fake, get } = renderLiveList([[aRoom({ id: 1, name: 'Old', private: true, is_member: true })]]);
    await rowOf('Old');
    act(() => {
      fake.emit(userChannel(2), ROOM_CREATED_EVENT, {
        room: summary(aRoom({ id: 2, name: 'Fresh', private: true, members_count: 1 })),
      });
      fake.emit(userChannel(2), ROOM_UPDATED_EVENT, {
        room: summary(aRoom({ id: 1, name: 'Renamed', private: true, members_count: 7, max_members: 10 })),
      });
    });
    const fresh = await rowOf('Fresh');
    expect(screen.getAllByRole('listitem')[0]).toBe(fresh);
    // Heard on their own channel: a private room of theirs.
    expect(within(fresh).getByText('Joined')).toBeInTheDocument();
    expect(within(fresh).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    const renamed = await rowOf('Renamed');
    expect(within(renamed).getByLabelText('7 of 10 members')).toBeInTheDocument();
    expect(within(renamed).getByText('Joined')).toBeInTheDocument();
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("reads the list again after the user's own channel (re)subscribed: private rooms' events come there", async () => {
    const { fake, get } = renderLiveList([[aRoom({ name: 'Any' })]]);
    await rowOf('Any');
    act(() => fake.succeedSubscription(userChannel(2)));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('reads again after a (re)subscription, and leaves the channel when closed', async () => {
    const { fake, get, unmount } = renderLiveList([[aRoom({ name: 'Any' })]]);
    await rowOf('Any');
    act(() => fake.succeedSubscription(CHAT_CHANNEL));
    await act(() => rs.advanceTimersByTimeAsync(UNREAD_REFRESH_MS));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    unmount();
    expect(fake.joined.has(CHAT_CHANNEL)).toBe(false);
  });
});
