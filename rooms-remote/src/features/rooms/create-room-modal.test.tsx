import type { ApiError, CreateRoomPayload, Room } from '@chat/shared';
import { loadedEcho } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { aRoom } from '../../testing/a-room';
import { createFakeEcho } from '../../testing/fake-echo';
import { RoomsPage } from './rooms-page';

function renderPage(post: (url: string, data: CreateRoomPayload) => Promise<unknown>) {
  const rooms: Room[] = [];
  const get = rs.fn(() => Promise.resolve([...rooms]));
  const postSpy = rs.fn(async (url: string, data: CreateRoomPayload) => {
    const created = await post(url, data);
    rooms.unshift(created as Room);
    return created;
  });
  // StrictMode as the apps run it: its extra mount and unmount once emptied Max Members in development.
  renderWithServices(
    <StrictMode>
      <MemoryRouter>
        <RoomsPage />
      </MemoryRouter>
    </StrictMode>,
    createTestServices({ http: stubHttp({ get, post: postSpy }), echo: loadedEcho(createFakeEcho().echo) }),
  );
  return { get, post: postSpy, user: userEvent.setup() };
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('No Rooms');
  await user.click(screen.getByRole('button', { name: /Create Room/ }));
  return screen.findByRole('dialog', { name: 'Create Room' });
}

const save = () => screen.getByRole('button', { name: /Save/ });
const never = () => new Promise<never>(() => {});

describe('Create Room modal', () => {
  it('opens with Name, Description and Max Members, defaulting to 100 without spinner controls', async () => {
    const { user } = renderPage(never);
    const dialog = await openModal(user);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    expect(within(dialog).getByLabelText('Max Members')).toHaveValue('100');
    expect(dialog.querySelector('[class*="ant-input-number-action"]')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('validates on submit: every field is required and nothing is sent', async () => {
    const { user, post } = renderPage(never);
    const dialog = await openModal(user);
    await user.clear(within(dialog).getByLabelText('Max Members'));
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.click(save());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Max Members is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('counts blank strings as empty', async () => {
    const { user, post } = renderPage(never);
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.type(within(dialog).getByLabelText('Description'), '  ');
    await user.click(save());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('clamps Max Members to its bounds on blur', async () => {
    const { user } = renderPage(never);
    const dialog = await openModal(user);
    const maxMembers = within(dialog).getByLabelText('Max Members');
    await user.clear(maxMembers);
    await user.type(maxMembers, '5000');
    await user.tab();
    expect(maxMembers).toHaveValue('1000');
    await user.clear(maxMembers);
    await user.type(maxMembers, '1');
    await user.tab();
    expect(maxMembers).toHaveValue('2');
  });

  it('saves the trimmed room, closes, and refetches the list', async () => {
    const { user, post, get } = renderPage((_url, data) => Promise.resolve(aRoom({ id: 9, ...data })));
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), '  Lounge ');
    await user.type(within(dialog).getByLabelText('Description'), 'Talk');
    await user.clear(within(dialog).getByLabelText('Max Members'));
    await user.type(within(dialog).getByLabelText('Max Members'), '12');
    await user.click(save());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(post).toHaveBeenCalledWith('chatrooms', { name: 'Lounge', description: 'Talk', max_members: 12 });
    expect(await screen.findByText('Lounge')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("offers a 'Private' switch, off by default, with its hint; Space and Enter toggle it", async () => {
    const { user } = renderPage(never);
    const dialog = await openModal(user);
    const toggle = within(dialog).getByRole('switch', { name: 'Private' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Only people you invite can find and join it.');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('sends private: true when the switch is on, and no private field when it is off', async () => {
    let id = 10;
    const { user, post } = renderPage((_url, data) => Promise.resolve(aRoom({ id: id++, ...data })));
    let dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Hideout');
    await user.type(within(dialog).getByLabelText('Description'), 'Shh');
    await user.click(within(dialog).getByRole('switch', { name: 'Private' }));
    await user.click(save());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toStrictEqual({
      name: 'Hideout',
      description: 'Shh',
      max_members: 100,
      private: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('Hideout')).closest('li') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Private' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create Room/ }));
    dialog = await screen.findByRole('dialog', { name: 'Create Room' });
    expect(within(dialog).getByRole('switch', { name: 'Private' })).toHaveAttribute('aria-checked', 'false');
    await user.type(within(dialog).getByLabelText('Name'), 'Lounge');
    await user.type(within(dialog).getByLabelText('Description'), 'Talk');
    await user.click(save());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]?.[1]).toStrictEqual({ name: 'Lounge', description: 'Talk', max_members: 100 });
  });

  it('submits on Enter in a field and shows Save loading while the call runs', async () => {
    const { user } = renderPage(never);
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Lounge');
    await user.type(within(dialog).getByLabelText('Description'), 'Talk');
    await user.type(within(dialog).getByLabelText('Name'), '{Enter}');
    await waitFor(() => expect(save()).toHaveClass('ant-btn-loading'));
  });

  it("puts the server's 422 errors on their fields and stays open", async () => {
    const rejection: ApiError = {
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
      status: 422,
    };
    const { user } = renderPage(() => Promise.reject(rejection));
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Lounge');
    await user.type(within(dialog).getByLabelText('Description'), 'Talk');
    await user.click(save());

    const nameItem = within(dialog).getByLabelText('Name').closest('.ant-form-item') as HTMLElement;
    expect(await within(nameItem).findByText('The name has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Room' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Lounge');
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('Cancel closes and the next opening starts afresh', async () => {
    const { user } = renderPage(never);
    let dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Draft');
    await user.click(save());
    await screen.findByText('Description is required');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openModal(user);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Max Members')).toHaveValue('100');
    expect(screen.queryByText('Description is required')).not.toBeInTheDocument();
  });
});
