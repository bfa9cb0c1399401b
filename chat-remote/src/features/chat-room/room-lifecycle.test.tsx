import { loadedEcho, type Room, roomChannel } from '@chat/shared';
import { ROOM_DELETED_EVENT, userChannel } from '@chat/shared/constants';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { ChatRoom } from './chat-room';

const ME = { id: 2, username: 'me' };

function renderRoom(room: Partial<Room> = {}) {
  const api = fakeRoomApi();
  api.state.room = { ...testRoom, ...room };
  api.state.members = [{ ...ME, role: room.my_role === 'owner' ? 'owner' : 'member' }];
  const fake = createFakeEcho();
  const navigate = rs.fn();
  const services = createTestServices({
    http: api.http,
    echo: loadedEcho(fake.echo),
    navigation: { navigate },
  });
  services.session.getState().setUser({ ...ME, image: null });
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { ...view, api, fake, navigate, services };
}

async function openSettings() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Room' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Room settings' }));
  return screen.findByRole('dialog', { name: 'Room settings' });
}

withElementSize();

describe('Archiving', () => {
  it("'Archive room' archives, the room turns read-only, and 'Unarchive room' undoes it", async () => {
    const { api } = renderRoom({ my_role: 'owner', archived_at: null });
    const dialog = await openSettings();
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive room' }));
    expect(await within(dialog).findByRole('button', { name: 'Unarchive room' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.endsWith('/archive'))).toEqual([
      { method: 'PUT', url: 'chatrooms/7/archive', data: undefined },
    ]);
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.getByText('This room is archived.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Unarchive room' }));
    expect(await within(dialog).findByRole('button', { name: 'Archive room' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.endsWith('/archive')).at(-1)).toEqual({
      method: 'DELETE',
      url: 'chatrooms/7/archive',
    });
    expect(await screen.findByLabelText('Message')).toBeInTheDocument();
  });
});

describe('Deleting the room', () => {
  it("asks, then 'Delete' deletes it and goes home; Cancel keeps it", async () => {
    const { api, navigate } = renderRoom({ my_role: 'owner' });
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete room' }));
    expect(
      await screen.findByText('Delete General? Its messages and images are deleted for everyone.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === 'chatrooms/7')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete room' }));
    const confirms = await screen.findAllByRole('button', { name: 'Delete' });
    await userEvent.click(confirms.at(-1) as HTMLElement);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: 'chatrooms/7' },
    ]);
  });

  it('closes the room for whoever has it open when RoomDeleted arrives, and says so', async () => {
    const { fake, navigate, unmount } = renderRoom({ my_role: 'member' });
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeInTheDocument());
    act(() => fake.emit(roomChannel(7), ROOM_DELETED_EVENT, { room_id: 8, room_name: 'Other' }));
    expect(navigate).not.toHaveBeenCalled();
    act(() => fake.emit(roomChannel(7), ROOM_DELETED_EVENT, { room_id: 7, room_name: 'General' }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(await screen.findByText('This room was deleted.')).toBeInTheDocument();
    unmount();
    // Stopped listening, never left: the shell hears on the user's channel too.
    expect(fake.left).not.toContain(userChannel(ME.id));
    fake.emit(userChannel(ME.id), ROOM_DELETED_EVENT, { room_id: 7, room_name: 'General' });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("hears a private room's deletion on the user's own channel", async () => {
    const { fake, navigate } = renderRoom({ my_role: 'member', private: true });
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeInTheDocument());
    act(() => fake.emit(userChannel(ME.id), ROOM_DELETED_EVENT, { room_id: 7, room_name: 'General' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
