import type { Room } from '@chat/shared';
import { loadedEcho } from '@chat/shared';
import { ROOM_INVITED_EVENT, userChannel } from '@chat/shared/constants';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aRoom } from '../../../testing/a-room';
import { createFakeEcho } from '../../../testing/fake-echo';
import { YourRooms } from './your-rooms';

function renderYourRooms(rooms: Room[]) {
  const fake = createFakeEcho();
  const get = rs.fn((url: string) => Promise.resolve(url === 'chatrooms' ? [...rooms] : []));
  const services = createTestServices({ http: stubHttp({ get }), echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  renderWithServices(
    <MemoryRouter>
      <YourRooms />
    </MemoryRouter>,
    services,
  );
  return { fake };
}

const panel = () => screen.getByRole('navigation', { name: 'Your rooms' });
const entryOf = async (name: string) => (await within(panel()).findByText(name)).closest('a') as HTMLElement;

describe("'Your rooms'", () => {
  it("shows a lock named 'Private' on a private room, none on a public one", async () => {
    renderYourRooms([
      aRoom({ id: 2, name: 'Hideout', private: true, is_member: true }),
      aRoom({ id: 1, name: 'Lounge', private: false, is_member: true }),
    ]);
    expect(within(await entryOf('Hideout')).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(within(await entryOf('Lounge')).queryByRole('img', { name: 'Private' })).not.toBeInTheDocument();
  });

  it("tags an archived room 'Archived'", async () => {
    renderYourRooms([
      aRoom({ id: 2, name: 'Attic', is_member: true, archived_at: '2026-02-01T00:00:00Z' }),
      aRoom({ id: 1, name: 'Lounge', is_member: true, archived_at: null }),
    ]);
    expect(within(await entryOf('Attic')).getByText('Archived')).toBeInTheDocument();
    expect(within(await entryOf('Lounge')).queryByText('Archived')).toBeNull();
  });

  it('lists a room this user was invited into as soon as the invitation arrives', async () => {
    const listed = [aRoom({ id: 1, name: 'Lounge', is_member: true })];
    const { fake } = renderYourRooms(listed);
    await entryOf('Lounge');
    const room = aRoom({ id: 5, name: 'Hideout', private: true, is_member: true, my_role: 'member' });
    listed.unshift(room); // what the API lists from now on
    act(() => fake.emit(userChannel(2), ROOM_INVITED_EVENT, { room }));
    expect(within(await entryOf('Hideout')).getByRole('img', { name: 'Private' })).toBeInTheDocument();
  });
});
