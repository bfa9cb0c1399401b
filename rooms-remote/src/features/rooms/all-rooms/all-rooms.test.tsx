import type { Me } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { aRoom } from '../../../testing/a-room';
import { RoomsPage } from '../rooms-page';

const theirs = aRoom({
  id: 7,
  name: 'Back office',
  private: true,
  is_member: false,
  my_role: null,
  members_count: 3,
  max_members: 10,
  owner: { id: 5, username: 'olga' },
  archived_at: '2026-01-01T00:00:00.000000Z',
});

function renderPage(user: Me, at: string) {
  const get = rs.fn((url: string, config?: { params?: { scope?: string } }) => {
    if (url === 'chatrooms') return Promise.resolve(config?.params?.scope === 'all' ? [theirs] : []);
    if (url === 'chatrooms/7/members') return Promise.resolve([{ id: 5, username: 'olga', role: 'owner' }]);
    return Promise.reject(new Error(`Unexpected GET ${url}`));
  });
  const navigate = rs.fn();
  const services = createTestServices({ http: stubHttp({ get }), navigation: { navigate } });
  services.session.getState().setUser(user);
  renderWithServices(
    <MemoryRouter initialEntries={[at]}>
      <RoomsPage />
    </MemoryRouter>,
    services,
  );
  return { get, navigate };
}

const admin: Me = { id: 2, username: 'root', image: null, is_admin: true };
const someone: Me = { id: 3, username: 'someone', image: null, is_admin: false };

describe("'All rooms'", () => {
  it('is offered to a site administrator beside Create Room, and opens its view', async () => {
    const { navigate } = renderPage(admin, '/');
    const link = await screen.findByRole('link', { name: 'All rooms' });
    expect(link).toHaveAttribute('href', '/?view=all-rooms');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/?view=all-rooms');
  });

  it('is neither offered to anyone else nor shown at its address', async () => {
    const { get } = renderPage(someone, '/?view=all-rooms');
    expect(await screen.findByText('No Rooms')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All rooms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All rooms' })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('chatrooms', { params: { scope: 'all' } });
  });

  it("lists every room with its lock, 'Archived', members and owner, and opens its Room settings", async () => {
    renderPage(admin, '/?view=all-rooms');
    expect(screen.getByRole('heading', { name: 'All rooms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Room Lists' })).toHaveAttribute('href', '/');
    const row = await screen.findByRole('listitem', { name: 'Back office' });
    expect(within(row).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(within(row).getByLabelText('3 of 10 members')).toBeInTheDocument();
    expect(within(row).getByText('Owner: olga')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Room settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Room settings' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Back office');
    // Not a member: everyone in the room may be removed or made owner, the owner included.
    expect(await within(dialog).findByRole('button', { name: 'Make owner olga' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unarchive room' })).toBeInTheDocument();
  });
});
