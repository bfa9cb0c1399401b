import { loadedEcho } from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, describe, expect, it } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { withElementSize } from '../../../testing/element-size';
import { createFakeEcho } from '../../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../../testing/fake-room-api';
import { ChatRoom } from '../chat-room';

/** The room as user 2 sees it; `api` is the server, kept across views as across a reload. */
function openRoom(api: ReturnType<typeof fakeRoomApi>) {
  const fake = createFakeEcho();
  const services = createTestServices({ http: api.http, echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { ...view, fake };
}

const row = (text: string) =>
  screen.getAllByRole('article').filter((article) => within(article).queryByText(text));
const sentIds = (api: ReturnType<typeof fakeRoomApi>) =>
  api.sends().map((call) => (call.data as { client_msg_id: string }).client_msg_id);

withElementSize();
afterEach(() => localStorage.clear());

async function failToSend(api: ReturnType<typeof fakeRoomApi>, text: string) {
  api.state.failSends = true;
  await userEvent.type(await screen.findByPlaceholderText('Message...'), `${text}{Enter}`);
  await waitFor(() => expect(row(text)[0]).toHaveAttribute('data-status', 'failed'));
}

describe('the outbox, when the connection comes back', () => {
  it('sends a message that failed offline again by itself when the socket reconnects: once, same id', async () => {
    const api = fakeRoomApi();
    const { fake } = openRoom(api);
    await failToSend(api, 'typed while down');
    await failToSend(api, 'and another');
    api.state.failSends = false;

    act(() => fake.setStatus('connecting'));
    expect(api.sends()).toHaveLength(2);
    act(() => fake.setStatus('connected'));
    await waitFor(() => expect(row('and another')[0]).toHaveAttribute('data-status', 'sent'));
    expect(row('typed while down')[0]).toHaveAttribute('data-status', 'sent');

    act(() => fake.setStatus('connected'));
    act(() => window.dispatchEvent(new Event('online')));
    const [first, second, ...resent] = sentIds(api);
    expect(resent).toEqual([first, second]);
    expect(api.messages.map((message) => message.content)).toEqual([
      'message 1',
      'typed while down',
      'and another',
    ]);
  });

  it('also when the browser comes back online; Retry is still there meanwhile', async () => {
    const api = fakeRoomApi();
    openRoom(api);
    await failToSend(api, 'offline words');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    api.state.failSends = false;
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(row('offline words')[0]).toHaveAttribute('data-status', 'sent'));
    expect(new Set(sentIds(api)).size).toBe(1);
    expect(api.sends()).toHaveLength(2);
  });

  it('keeps unsent text across a reload and sends it at once under the same id; stored once', async () => {
    const api = fakeRoomApi();
    const first = openRoom(api);
    await failToSend(api, 'before the reload');
    first.unmount();

    api.state.failSends = false;
    openRoom(api);
    await waitFor(() => expect(row('before the reload')[0]).toHaveAttribute('data-status', 'sent'));
    expect(row('before the reload')).toHaveLength(1);
    const ids = sentIds(api);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(api.messages.filter((message) => message.content === 'before the reload')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('after a reload still offline, shows it unsent with Retry, and sends it when the connection returns', async () => {
    const api = fakeRoomApi();
    const first = openRoom(api);
    await failToSend(api, 'still offline');
    first.unmount();

    const { fake } = openRoom(api);
    await waitFor(() => expect(row('still offline')[0]).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    api.state.failSends = false;
    act(() => fake.setStatus('connected'));
    await waitFor(() => expect(row('still offline')[0]).toHaveAttribute('data-status', 'sent'));
    expect(api.messages.filter((message) => message.content === 'still offline')).toHaveLength(1);
  });
});
