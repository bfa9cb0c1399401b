import { loadedEcho, type Room, roomChannel } from '@chat/shared';
import { CHAT_CHANNEL, MESSAGE_DELETED_EVENT } from '@chat/shared/constants';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { aMessage } from '../../testing/messages';
import { ChatRoom } from './chat-room';

const ME = { id: 2, username: 'me' };
const BOB = { id: 3, username: 'bob' };

function renderRoom(room: Partial<Room> = {}, admin = false) {
  const api = fakeRoomApi([
    aMessage(1, { room_id: testRoom.id, content: 'from bob', user: BOB }),
    aMessage(2, { room_id: testRoom.id, content: 'mine', user: ME }),
    aMessage(3, { room_id: testRoom.id, content: 'also mine', user: ME }),
  ]);
  api.state.room = { ...testRoom, ...room };
  const fake = createFakeEcho();
  const services = createTestServices({ http: api.http, echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ ...ME, image: null, ...(admin ? { is_admin: true } : {}) });
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { ...view, api, fake, user: userEvent.setup() };
}

const rowSaying = (text: string) => screen.getByText(text, { exact: true }).closest('article') as HTMLElement;
const texts = () => screen.queryAllByRole('article').map((row) => row.querySelector('p')?.textContent);

withElementSize();

describe('deleting a message', () => {
  it('offers a member Delete on their own messages only', async () => {
    renderRoom();
    await waitFor(() => expect(texts()).toEqual(['from bob', 'mine', 'also mine']));
    expect(within(rowSaying('mine')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rowSaying('from bob')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("offers Delete on everyone's messages to the room's owner and to an administrator", async () => {
    const { unmount } = renderRoom({ my_role: 'owner' });
    await waitFor(() => expect(texts()).toHaveLength(3));
    expect(within(rowSaying('from bob')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // Edit stays the author's own.
    expect(within(rowSaying('from bob')).queryByRole('button', { name: 'Edit' })).toBeNull();
    unmount();
    renderRoom({ my_role: 'member' }, true);
    await waitFor(() => expect(texts()).toHaveLength(3));
    expect(within(rowSaying('from bob')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("lets the owner delete someone else's message through the same flow", async () => {
    const { api, user } = renderRoom({ my_role: 'owner' });
    await waitFor(() => expect(texts()).toHaveLength(3));
    await user.click(within(rowSaying('from bob')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(texts()).toEqual(['mine', 'also mine']));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `chatrooms/${testRoom.id}/messages/1` },
    ]);
  });

  it('asks first, then deletes on OK and drops the message from the view', async () => {
    const { api, user } = renderRoom();
    await waitFor(() => expect(texts()).toHaveLength(3));
    await user.click(within(rowSaying('mine')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // (The dialog's closing motion never ends in happy-dom, so it stays in the DOM; nothing was sent.)
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(rowSaying('mine')).getByRole('button', { name: 'Delete' }));
    const confirms = await screen.findAllByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(confirms.at(-1) as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(texts()).toEqual(['from bob', 'also mine']));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `chatrooms/${testRoom.id}/messages/2` },
    ]);
    expect(await screen.findByText('Message deleted.')).toBeInTheDocument();
  });

  it("drops a message when its MessageDeleted arrives, on the room's channel or the shared one", async () => {
    const { fake } = renderRoom();
    await waitFor(() => expect(texts()).toHaveLength(3));
    act(() =>
      fake.emit(roomChannel(testRoom.id), MESSAGE_DELETED_EVENT, { room_id: testRoom.id, message_id: 1 }),
    );
    await waitFor(() => expect(texts()).toEqual(['mine', 'also mine']));

    act(() => fake.failSubscription(roomChannel(testRoom.id)));
    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_DELETED_EVENT, { room_id: 99, message_id: 3 }));
    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_DELETED_EVENT, { room_id: testRoom.id, message_id: 2 }));
    await waitFor(() => expect(texts()).toEqual(['also mine']));
  });
});
