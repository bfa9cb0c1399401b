import { loadedEcho, type Room, roomChannel } from '@chat/shared';
import { ROOM_UPDATED_EVENT } from '@chat/shared/constants';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { aMessage } from '../../testing/messages';
import { ChatRoom } from './chat-room';

const ME = { id: 2, username: 'me' };

function renderRoom(room: Partial<Room>) {
  const api = fakeRoomApi([
    aMessage(1, {
      room_id: testRoom.id,
      content: 'mine',
      user: ME,
      reactions: [{ emoji: '👍', count: 1, me: false }],
    }),
  ]);
  api.state.room = { ...testRoom, ...room };
  const fake = createFakeEcho();
  const services = createTestServices({ http: api.http, echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ ...ME, image: null });
  renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { api, fake };
}

const row = () => screen.getByText('mine', { exact: true }).closest('article') as HTMLElement;
const roomUpdated = (archived_at: string | null) => ({ room: { ...testRoom, archived_at } });

withElementSize();

describe('An archived room', () => {
  it('has no message bar and no writing actions, for its owner too', async () => {
    renderRoom({ my_role: 'owner', archived_at: '2026-02-01T00:00:00.000000Z' });
    await waitFor(() => expect(row()).toBeInTheDocument());
    expect(screen.getByText('This room is archived.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
    for (const name of ['Reply', 'Add reaction', 'Edit', 'Delete']) {
      expect(within(row()).queryByRole('button', { name })).toBeNull();
    }
    expect(within(row()).getByRole('button', { name: '👍 1' })).toBeDisabled();
  });

  it('turns read-only, and writable again, live with RoomUpdated on its channel', async () => {
    const { fake } = renderRoom({ my_role: 'member', archived_at: null });
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeInTheDocument());
    expect(within(row()).getByRole('button', { name: 'Reply' })).toBeInTheDocument();

    act(() => fake.emit(roomChannel(testRoom.id), ROOM_UPDATED_EVENT, roomUpdated('2026-02-01T00:00:00Z')));
    await waitFor(() => expect(screen.getByText('This room is archived.')).toBeInTheDocument());
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(within(row()).queryByRole('button', { name: 'Reply' })).toBeNull();

    act(() => fake.emit(roomChannel(testRoom.id), ROOM_UPDATED_EVENT, roomUpdated(null)));
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeInTheDocument());
    expect(screen.queryByText('This room is archived.')).toBeNull();
  });
});
