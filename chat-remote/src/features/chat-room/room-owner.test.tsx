import { loadedEcho, type Room } from '@chat/shared';
import { REMOVED_FROM_ROOM_EVENT, userChannel } from '@chat/shared/constants';
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
  api.state.members = [
    { id: 3, username: 'alice', role: 'member' },
    { ...ME, role: room.my_role === 'owner' ? 'owner' : 'member' },
  ];
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
  return { ...view, api, fake, navigate };
}

const ready = async () => {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Room' })).toBeEnabled());
};

async function openSettings() {
  await ready();
  await userEvent.click(screen.getByRole('button', { name: 'Room settings' }));
  return screen.findByRole('dialog', { name: 'Room settings' });
}

async function memberRow(dialog: HTMLElement, username: string) {
  return within(dialog).findByRole('listitem', { name: username });
}

withElementSize();

describe('Room owner', () => {
  it("offers 'Room settings' to the room's owner only", async () => {
    const { unmount } = renderRoom({ my_role: 'owner' });
    await ready();
    expect(screen.getByRole('button', { name: 'Room settings' })).toBeInTheDocument();
    unmount();
    renderRoom({ my_role: 'member' });
    await ready();
    expect(screen.queryByRole('button', { name: 'Room settings' })).toBeNull();
  });

  it('saves the settings with PATCH (PUT on an older client), and the heading follows', async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    const dialog = await openSettings();
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('General');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Talk');
    expect(within(dialog).getByLabelText('Max Members')).toHaveValue('100');
    await userEvent.clear(name);
    await userEvent.type(name, '  Lounge ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        url: 'chatrooms/7',
        data: { name: 'Lounge', description: 'Talk', max_members: 100 },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Chat Room: Lounge' })).toBeInTheDocument();
  });

  it("uses PATCH where the shell's client has it", async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    const patched: unknown[] = [];
    api.http.patch = async <T,>(url: string, data?: unknown) => {
      patched.push({ url, data });
      api.state.room = { ...api.state.room, ...(data as Partial<Room>) };
      return api.state.room as T;
    };
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patched).toEqual([
        { url: 'chatrooms/7', data: { name: 'General', description: 'Talk', max_members: 100 } },
      ]),
    );
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses a blank name as Create Room does, and shows the API’s field errors on the fields', async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    const dialog = await openSettings();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'General');
    api.http.put = async () => {
      throw {
        status: 422,
        message: 'Max Members cannot be less than the 3 people in the room.',
        errors: { max_members: ['Max Members cannot be less than the 3 people in the room.'] },
      };
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const field = await within(dialog).findByText(
      'Max Members cannot be less than the 3 people in the room.',
    );
    expect(field).toBeInTheDocument();
  });

  it("lists the members, with 'Remove from room' and 'Make owner' on everyone but oneself", async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    const dialog = await openSettings();
    expect(within(dialog).getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    const own = await memberRow(dialog, 'me');
    expect(within(own).queryByRole('button')).toBeNull();
    const alice = await memberRow(dialog, 'alice');
    await userEvent.click(within(alice).getByRole('button', { name: /Remove from room/ }));
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'alice' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: 'chatrooms/7/members/3' },
    ]);
  });

  it('makes another member owner, and the settings close: the user is no longer the owner', async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    const dialog = await openSettings();
    const alice = await memberRow(dialog, 'alice');
    expect(within(alice).getByRole('button', { name: /Make owner/ })).toHaveTextContent('Make owner');
    await userEvent.click(within(alice).getByRole('button', { name: /Make owner/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Room settings' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Room settings' })).toBeNull();
    expect(api.calls.filter((call) => call.url === 'chatrooms/7/owner')).toEqual([
      { method: 'POST', url: 'chatrooms/7/owner', data: { user_id: 3 } },
    ]);
  });

  it('invites the people chosen by username', async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    api.state.users = [{ id: 5, username: 'dan' }];
    const dialog = await openSettings();
    expect(within(dialog).getByRole('heading', { name: 'Invite people' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Invite people' }), 'da');
    await userEvent.click(await within(dialog).findByRole('option', { name: 'dan' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.url === 'chatrooms/7/members' && call.method === 'POST'),
      ).toEqual([{ method: 'POST', url: 'chatrooms/7/members', data: { username: 'dan' } }]),
    );
    expect(await screen.findByText('dan is now a member.')).toBeInTheDocument();
    expect(await memberRow(dialog, 'dan')).toBeInTheDocument();
  });

  it("shows the API's refusal of an invitation in the form", async () => {
    const { api } = renderRoom({ my_role: 'owner' });
    api.state.users = [{ id: 5, username: 'dan' }];
    api.state.refuseInvite = { message: 'This room is full.', status: 422 };
    const dialog = await openSettings();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Invite people' }), 'dan');
    await userEvent.click(await within(dialog).findByRole('option', { name: 'dan' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('This room is full.')).toBeInTheDocument();
  });
});

describe('Leaving', () => {
  it('asks before leaving a private room, and Leave leaves', async () => {
    const { api, navigate } = renderRoom({ private: true, my_role: 'member' });
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    expect(
      await screen.findByText('Leave this private room? You will need a new invitation to come back.'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.endsWith('/leave'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(api.calls.filter((call) => call.url.endsWith('/leave'))).toHaveLength(1);
  });

  it('Cancel keeps the user in the private room', async () => {
    const { api, navigate } = renderRoom({ private: true, my_role: 'member' });
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.some((call) => call.url.endsWith('/leave'))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows a refused leave and stays', async () => {
    const { api, navigate } = renderRoom({ my_role: 'owner' });
    api.state.refuseLeave = { message: 'Make another member owner before you leave.', status: 422 };
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    expect(await screen.findByText('Make another member owner before you leave.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Chat Room: General' })).toBeInTheDocument();
  });
});

describe('Removal', () => {
  it('closes the room when its owner removes the user, and says so', async () => {
    const { fake, navigate, unmount } = renderRoom({ my_role: 'member' });
    await ready();
    act(() => fake.emit(userChannel(ME.id), REMOVED_FROM_ROOM_EVENT, { room_id: 8, room_name: 'Other' }));
    expect(navigate).not.toHaveBeenCalled();
    act(() => fake.emit(userChannel(ME.id), REMOVED_FROM_ROOM_EVENT, { room_id: 7, room_name: 'General' }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(await screen.findByText('You were removed from General.')).toBeInTheDocument();
    unmount();
    // Stopped listening, never left: the shell's notifications hear on the same channel.
    expect(fake.left).not.toContain(userChannel(ME.id));
    fake.emit(userChannel(ME.id), REMOVED_FROM_ROOM_EVENT, { room_id: 7, room_name: 'General' });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
