import {
  CHAT_CHANNEL,
  loadedEcho,
  MESSAGE_SENT_EVENT,
  type Message,
  openingPageQueryOptions,
  type RoomMessageSentEvent,
  roomChannel,
  userChannel,
} from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { aMessage } from '../../testing/messages';
import { ChatRoom } from './chat-room';

function renderRoom(api = fakeRoomApi(), preloaded?: Message[]) {
  const fake = createFakeEcho();
  const navigate = rs.fn();
  const services = createTestServices({
    http: api.http,
    echo: loadedEcho(fake.echo),
    navigation: { navigate },
  });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  if (preloaded) {
    services.queryClient.setQueryData(openingPageQueryOptions(api.http, testRoom.id).queryKey, preloaded);
  }
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { ...view, api, fake, navigate };
}

/** What the room's own channel carries for a stored message: the message and the id before it. */
function eventFor(api: ReturnType<typeof fakeRoomApi>, message: Message): RoomMessageSentEvent {
  const index = api.messages.findIndex((candidate) => candidate.id === message.id);
  return {
    room_id: testRoom.id,
    message_id: message.id,
    previous_id: api.messages[index - 1]?.id ?? null,
    message,
  };
}

const articles = () => screen.queryAllByRole('article');
/** Lets every read already started finish (the fake API answers at once), so counts taken after are final. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const texts = () => articles().map((article) => within(article).queryByRole('paragraph')?.textContent ?? '');

withElementSize();

let alert: ReturnType<typeof rs.fn>;
beforeEach(() => {
  alert = rs.fn();
  window.alert = alert;
});
afterEach(() => sessionStorage.clear());

describe('ChatRoom', () => {
  it('joins with the room id, titles the room and shows its messages in order with author and time', async () => {
    const { api } = renderRoom(
      fakeRoomApi([aMessage(1, { content: 'first' }), aMessage(2, { content: 'second' })]),
    );
    expect(await screen.findByRole('heading', { name: 'Chat Room: General' })).toBeInTheDocument();
    await waitFor(() => expect(texts()).toEqual(['first', 'second']));
    expect(api.calls.filter((call) => call.url.endsWith('/join'))).toEqual([
      { method: 'POST', url: 'chatrooms/7/join', data: { roomId: 7 } },
    ]);
    const first = articles()[0] as HTMLElement;
    expect(within(first).getByText('alice')).toBeInTheDocument();
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe(api.messages[0]?.created_at);
  });

  it('opens on the page the shell preloaded with the route, then asks only for what followed it', async () => {
    const messages = [aMessage(1, { content: 'first' }), aMessage(2, { content: 'second' })];
    const { api } = renderRoom(fakeRoomApi(messages), messages.slice(0, 1));
    await waitFor(() => expect(texts()).toEqual(['first', 'second']));
    const pages = api.calls.filter((call) => call.url.endsWith('/messages') && call.method === 'GET');
    expect(pages.map((call) => call.params)).toEqual([{ after_id: 1, limit: 100, include: 'tree' }]);
  });

  it('shows message text as text, never as HTML', async () => {
    renderRoom(fakeRoomApi([aMessage(1, { content: '<img src=x onerror=alert(1)><b>bold</b>' })]));
    await waitFor(() => expect(texts()).toEqual(['<img src=x onerror=alert(1)><b>bold</b>']));
    expect(screen.getByRole('feed').querySelector('b')).toBeNull();
  });

  it('links an http(s) attachment in a new tab with a thumbnail, and never a javascript: one', async () => {
    renderRoom(
      fakeRoomApi([
        aMessage(1, { content: '', attachment_path: 'https://api.test/files/1.png?signature=s' }),
        aMessage(2, { content: '', attachment_path: 'javascript:alert(1)' }),
      ]),
    );
    const link = await screen.findByRole('link', { name: 'Open image' });
    expect(link).toHaveAttribute('href', 'https://api.test/files/1.png?signature=s');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.querySelector('img')).toHaveAttribute('width', '240');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Attachment unavailable')).toBeInTheDocument();
  });

  it('refuses a blank message with the alert and sends nothing', async () => {
    const { api } = renderRoom();
    await userEvent.type(await screen.findByPlaceholderText('Message...'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(alert).toHaveBeenCalledWith('Please enter a message!');
    expect(api.sends()).toEqual([]);
  });

  it('sends on Enter with a client_msg_id, clears the input, and refetches after the cursor', async () => {
    const { api } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    const input = screen.getByPlaceholderText('Message...');
    await userEvent.type(input, 'hello there{Enter}');
    expect(input).toHaveValue('');
    await waitFor(() => expect(texts()).toEqual(['message 1', 'hello there']));
    const [send] = api.sends();
    expect(send?.data).toEqual({
      content: 'hello there',
      client_msg_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() =>
      expect(api.gets().at(-1)?.params).toEqual({ after_id: 1, limit: 100, include: 'tree' }),
    );
    expect(articles().at(-1)).toHaveAttribute('data-status', 'sent');
  });

  it('shows a failed send with Retry, and the retry reuses its client_msg_id and shows it once', async () => {
    const { api } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    api.state.failSends = true;
    await userEvent.type(screen.getByPlaceholderText('Message...'), 'offline words{Enter}');
    expect(await screen.findByText(/Not sent/)).toBeInTheDocument();
    expect(articles().at(-1)).toHaveAttribute('data-status', 'failed');

    api.state.failSends = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(articles().at(-1)).toHaveAttribute('data-status', 'sent'));
    const [first, second] = api.sends().map((call) => (call.data as { client_msg_id: string }).client_msg_id);
    expect(second).toBe(first);
    expect(texts()).toEqual(['message 1', 'offline words']);
  });

  it('drops a failed message on Discard', async () => {
    const { api } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    api.state.failSends = true;
    await userEvent.type(screen.getByPlaceholderText('Message...'), 'never mind{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(texts()).toEqual(['message 1']);
  });

  it("shows the room channel's messages as they arrive, without a read, and reads once to fill a gap", async () => {
    const { api, fake } = renderRoom();
    const own = roomChannel(testRoom.id);
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    expect(fake.joined).toEqual(new Set([own, userChannel(2)]));
    act(() => fake.succeedSubscription(own));
    await settle();
    expect(api.gets().at(-1)?.params).toEqual({ after_id: 1, limit: 100, include: 'tree' });
    const reads = api.gets().length;

    const second = api.postAs('bob', 'hi from bob');
    act(() => fake.emit(own, MESSAGE_SENT_EVENT, eventFor(api, second)));
    expect(texts()).toEqual(['message 1', 'hi from bob']);
    api.postAs('bob', 'lost on the way');
    const fourth = api.postAs('bob', 'after the lost one');
    act(() => fake.emit(own, MESSAGE_SENT_EVENT, eventFor(api, fourth)));
    await waitFor(() =>
      expect(texts()).toEqual(['message 1', 'hi from bob', 'lost on the way', 'after the lost one']),
    );
    await settle();
    expect(
      api
        .gets()
        .slice(reads)
        .map((call) => call.params),
    ).toEqual([{ after_id: 2, limit: 100, include: 'tree' }]);

    const fifth = api.postAs('bob', 'and on it goes');
    act(() => fake.emit(own, MESSAGE_SENT_EVENT, eventFor(api, fifth)));
    expect(texts().at(-1)).toBe('and on it goes');
    await settle();
    expect(api.gets()).toHaveLength(reads + 1);
  });

  it('reads nothing after its own send on the room channel: the send and its event are the same message', async () => {
    const { api, fake } = renderRoom();
    const own = roomChannel(testRoom.id);
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    act(() => fake.succeedSubscription(own));
    await settle();
    const reads = api.gets().length;

    await userEvent.type(screen.getByPlaceholderText('Message...'), 'mine{Enter}');
    await waitFor(() => expect(articles().at(-1)).toHaveAttribute('data-status', 'sent'));
    const sent = api.messages.at(-1) as Message;
    act(() => fake.emit(own, MESSAGE_SENT_EVENT, eventFor(api, sent)));
    const next = api.postAs('bob', 'right after yours');
    act(() => fake.emit(own, MESSAGE_SENT_EVENT, eventFor(api, next)));
    expect(texts()).toEqual(['message 1', 'mine', 'right after yours']);
    await settle();
    expect(api.gets()).toHaveLength(reads);
  });

  it("falls back to the shared channel when the room's is refused: a read per event of this room only", async () => {
    const { api, fake } = renderRoom();
    const own = roomChannel(testRoom.id);
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    act(() => fake.failSubscription(own));
    expect(fake.joined).toEqual(new Set([own, CHAT_CHANNEL, userChannel(2)]));
    act(() => fake.succeedSubscription(CHAT_CHANNEL));
    await settle();
    expect(api.gets().at(-1)?.params).toEqual({ after_id: 1, limit: 100, include: 'tree' });
    const reads = api.gets().length;

    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: 99, message_id: 50 }));
    const other = api.postAs('bob', 'hi from bob');
    act(() => fake.emit(CHAT_CHANNEL, MESSAGE_SENT_EVENT, { room_id: testRoom.id, message_id: other.id }));
    await waitFor(() => expect(texts()).toEqual(['message 1', 'hi from bob']));
    await settle();
    expect(
      api
        .gets()
        .slice(reads)
        .map((call) => call.params),
    ).toEqual([{ after_id: 1, limit: 100, include: 'tree' }]);

    // pusher-js asks for the room channel again after a reconnect; granted, the shared one is left.
    act(() => fake.succeedSubscription(own));
    expect(fake.joined).toEqual(new Set([own, userChannel(2)]));
    expect(fake.left).toContain(CHAT_CHANNEL);
  });

  it('catches up after a reconnect, and shows Reconnecting… while the socket is down', async () => {
    const { api, fake } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    act(() => fake.setStatus('connecting'));
    expect(await screen.findByText('Reconnecting…', {}, { timeout: 2000 })).toBeInTheDocument();
    api.postAs('bob', 'sent while you were away');
    act(() => {
      fake.setStatus('connected');
      fake.succeedSubscription();
    });
    await waitFor(() => expect(texts()).toEqual(['message 1', 'sent while you were away']));
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });

  it('says Reconnecting… at once when the browser goes offline, and catches up when it is back', async () => {
    const { api } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    const onLine = rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('Reconnecting…', {}, { timeout: 2000 })).toBeInTheDocument();
    api.postAs('bob', 'sent during the outage');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(texts()).toEqual(['message 1', 'sent during the outage']));
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });

  it('refuses a file that is not PNG or JPEG before any upload', async () => {
    const { api } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    const picker = screen.getByLabelText('Image file');
    await userEvent.upload(picker, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('cat.gif: Only PNG and JPEG images can be sent.')).toBeInTheDocument();
    expect(api.sends()).toEqual([]);
  });

  it('shows upload progress, and Cancel aborts the upload and drops the message', async () => {
    const api = fakeRoomApi();
    const post = api.http.post;
    let signal: AbortSignal | undefined;
    api.http.post = (async (url: string, data?: unknown, config?: AxiosRequestConfig) => {
      if (!(data instanceof FormData)) return post(url, data, config);
      signal = config?.signal as AbortSignal;
      config?.onUploadProgress?.({
        loaded: 40,
        total: 100,
        progress: 0.4,
        bytes: 40,
        lengthComputable: true,
      });
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject({ message: 'canceled', status: null })),
      );
    }) as typeof api.http.post;
    renderRoom(api);
    await waitFor(() => expect(texts()).toEqual(['message 1']));

    await userEvent.upload(
      screen.getByLabelText('Image file'),
      new File(['png'], 'dot.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(articles()).toHaveLength(1));
  });

  it('leaves with Leave Room, goes home, and leaves the channel when the room closes', async () => {
    const { api, fake, navigate, unmount } = renderRoom();
    await waitFor(() => expect(texts()).toEqual(['message 1']));
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(api.calls.some((call) => call.url === 'chatrooms/7/leave')).toBe(true);
    unmount();
    expect(fake.left).toContain(roomChannel(testRoom.id));
    // The user's own channel stays: the shell's notifications hear on it too.
    expect(fake.joined).toEqual(new Set([userChannel(2)]));
  });
});
