import { type ApiError, appTheme, loadedEcho, routes } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { aRoom } from '../../testing/a-room';
import { createFakeEcho } from '../../testing/fake-echo';
import { RoomList } from './room-list';

function renderList(get: () => Promise<unknown>) {
  const navigate = rs.fn();
  const preload = rs.fn();
  const services = createTestServices({
    http: stubHttp({ get: rs.fn(get) }),
    echo: loadedEcho(createFakeEcho().echo),
    navigation: { navigate, preload },
  });
  renderWithServices(<RoomList />, services);
  return { navigate, preload, user: userEvent.setup() };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('RoomList', () => {
  it('is titled Room Lists and shows a loader while the rooms load', () => {
    renderList(() => new Promise(() => {}));
    expect(screen.getByText('Room Lists')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading rooms' })).toBeInTheDocument();
  });

  it('says No Rooms when there are none', async () => {
    renderList(() => Promise.resolve([]));
    expect(await screen.findByText('No Rooms')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading rooms' })).not.toBeInTheDocument();
  });

  it("marks a private room with a lock named 'Private'; a public room and an older API's room have none", async () => {
    renderList(() =>
      Promise.resolve([
        aRoom({ id: 3, name: 'Hideout', private: true, is_member: true }),
        aRoom({ id: 2, name: 'Lounge', private: false }),
        aRoom({ id: 1, name: 'Before private rooms' }),
      ]),
    );
    expect(within(await rowOf('Hideout')).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Private' })).toHaveLength(1);
  });

  it('numbers the rooms in order, each with its description, occupancy and a Join button', async () => {
    renderList(() =>
      Promise.resolve([
        aRoom({ id: 2, name: 'Newest', description: 'Fresh', members_count: 1, max_members: 10 }),
        aRoom({ id: 1, name: 'Oldest' }),
      ]),
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(/^1\.\s*Newest/);
    expect(within(first).getByText('Fresh')).toBeInTheDocument();
    expect(within(first).getByLabelText('1 of 10 members')).toHaveTextContent('1/10');
    expect(within(first).getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(second).toHaveTextContent(/^2\.\s*Oldest/);
  });

  it('marks a full room and refuses Join to non-members', async () => {
    renderList(() => Promise.resolve([aRoom({ name: 'Packed', members_count: 2, max_members: 2 })]));
    const row = await rowOf('Packed');
    expect(within(row).getByText('Full')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Join' })).toBeDisabled();
  });

  it("draws a full room's member count in a red that reads on the dark card, not antd's danger red", async () => {
    renderList(() => Promise.resolve([aRoom({ name: 'Packed', members_count: 2, max_members: 2 })]));
    const count = within(await rowOf('Packed')).getByLabelText('2 of 2 members');
    const token = theme.getDesignToken(appTheme);
    // #e86e6b on the card's #141414 is 6:1; antd's #dc4446 was 4.35:1, under AA's 4.5:1.
    expect(count).toHaveStyle({ color: token.colorErrorTextHover });
    expect(count).not.toHaveClass('ant-typography-danger');
  });

  it('lets a member back into their full room', async () => {
    renderList(() =>
      Promise.resolve([aRoom({ name: 'Mine', members_count: 2, max_members: 2, is_member: true })]),
    );
    const row = await rowOf('Mine');
    expect(within(row).getByText('Joined')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it('Join navigates to the room, and resting on it preloads the room first', async () => {
    const { navigate, preload, user } = renderList(() => Promise.resolve([aRoom({ id: 7, name: 'Seven' })]));
    const join = within(await rowOf('Seven')).getByRole('button', { name: 'Join' });
    await user.hover(join);
    await waitFor(() => expect(preload).toHaveBeenCalledWith(routes.room(7)));
    await user.click(join);
    expect(navigate).toHaveBeenCalledWith(routes.room(7));
  });

  it('shows why the rooms could not load and retries', async () => {
    const failure: ApiError = { message: 'Something went wrong!', status: 500 };
    let calls = 0;
    const { user } = renderList(() => (++calls === 1 ? Promise.reject(failure) : Promise.resolve([aRoom()])));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('General')).toBeInTheDocument();
  });
});
