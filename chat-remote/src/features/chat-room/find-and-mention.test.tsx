import { loadedEcho, MESSAGE_SENT_EVENT, type Message, roomChannel } from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { act, configure, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { aMessage } from '../../testing/messages';
import { ChatRoom } from './chat-room';

function renderRoom(api = fakeRoomApi()) {
  const fake = createFakeEcho();
  const services = createTestServices({
    http: api.http,
    echo: loadedEcho(fake.echo),
    navigation: { navigate: rs.fn() },
  });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  return { ...view, api, fake };
}

const many = (count: number, content = (id: number) => `message ${id}`) =>
  Array.from({ length: count }, (_, i) => aMessage(i + 1, { room_id: testRoom.id, content: content(i + 1) }));
/**
 * A message's row, once rendered. happy-dom sends no scroll event when the list scrolls itself (to the end, to
 * a message): one is sent here so the virtualizer renders the rows at the new offset.
 */
const row = (id: number) => {
  const feed = document.querySelector('[role="feed"]');
  if (feed) fireEvent.scroll(feed);
  return document.querySelector<HTMLElement>(`article[data-message-id="${id}"]`);
};
/** How many rows the feed shows in all (each article carries it). */
const setSize = () => Number(document.querySelector('article')?.getAttribute('aria-setsize') ?? 0);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

// Rows about as tall as the list's estimate, so that scrolling to a row lands on it.
withElementSize(800, 60);
afterEach(() => sessionStorage.clear());
// These rooms read hundreds of messages through the fake API: on a loaded machine that takes more than the
// default second.
const defaultTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 8000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultTimeout }));

describe('search', () => {
  it('lists matches newest first with the matched words marked; a far one opens around it; Jump to latest', async () => {
    const api = fakeRoomApi(many(600, (id) => (id === 7 || id === 300 ? `the llama ${id}` : `filler ${id}`)));
    const { fake } = renderRoom(api);
    await waitFor(() => expect(setSize()).toBeGreaterThanOrEqual(50));
    await settle();
    const liveSize = setSize();

    const box = screen.getByRole('searchbox', { name: 'Search messages' });
    expect(box).toHaveAttribute('placeholder', 'Search messages');
    await userEvent.type(box, 'llama{Enter}');
    const panel = await screen.findByRole('region', { name: 'Search results' });
    const results = await within(panel).findAllByRole('button', { name: /llama/ });
    expect(results.map((button) => button.textContent)).toEqual([
      expect.stringContaining('the llama 300'),
      expect.stringContaining('the llama 7'),
    ]);
    expect(results[0]?.querySelector('mark')?.textContent).toBe('llama');
    expect(api.gets().at(-1)).toMatchObject({ url: 'chatrooms/7/messages/search', params: { q: 'llama' } });

    await userEvent.click(results[1] as HTMLElement);
    expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull();
    await screen.findByRole('button', { name: 'Jump to latest' });
    expect(api.gets().some((call) => call.params?.around_id === 7)).toBe(true);
    // The window: from the room's first message (only 6 before it) to a full page.
    expect(setSize()).toBe(100);
    expect(row(1)).not.toBeNull();

    // A live message arrives while the window is shown: kept, and there after Jump to latest.
    const live = api.postAs('bob', 'arrived meanwhile');
    act(() =>
      fake.emit(roomChannel(testRoom.id), MESSAGE_SENT_EVENT, {
        room_id: testRoom.id,
        message_id: live.id,
        previous_id: 600,
        message: live,
      }),
    );
    // It says how many arrived meanwhile.
    await userEvent.click(await screen.findByRole('button', { name: 'Jump to latest, 1 new' }));
    // (The model's tests show the message kept in the live log; here the live view is back, grown by it.)
    await waitFor(() => expect(setSize()).toBeGreaterThan(liveSize));
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
  }, 30_000);

  it('shows a formatted result as people read it: no markup, no link address, the word marked', async () => {
    const api = fakeRoomApi(
      many(3, (id) => (id === 2 ? 'ship **the release** [notes](https://example.com/x)' : `note ${id}`)),
    );
    renderRoom(api);
    await userEvent.type(await screen.findByRole('searchbox'), 'release{Enter}');
    const panel = await screen.findByRole('region', { name: 'Search results' });
    const result = await within(panel).findByRole('button', { name: /release/ });
    await waitFor(() => expect(result).toHaveTextContent(/ship the release notes$/));
    expect(result.querySelector('mark')?.textContent).toBe('release');
  }, 30_000);

  it("says 'No messages found' when nothing matches", async () => {
    renderRoom();
    await userEvent.type(await screen.findByRole('searchbox'), 'zebra{Enter}');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
  }, 30_000);

  it('jumps to a result the live log holds without a read around it', async () => {
    const api = fakeRoomApi(many(5, (id) => `note ${id}`));
    renderRoom(api);
    await waitFor(() => expect(row(5)).not.toBeNull());
    await userEvent.type(screen.getByRole('searchbox'), 'note 4{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: /note 4/ }));
    await waitFor(() => expect(row(4)).toHaveAttribute('data-highlighted', 'true'));
    expect(api.gets().some((call) => call.params?.around_id !== undefined)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  }, 30_000);
});

describe('@mentions', () => {
  it('offers the members by keyboard, inserts @username, and Escape closes the list but keeps a reply', async () => {
    const api = fakeRoomApi([
      aMessage(1, { room_id: testRoom.id, user: { id: 1, username: 'alice' } }),
      aMessage(2, { room_id: testRoom.id, user: { id: 4, username: 'alan' } }),
      aMessage(3, { room_id: testRoom.id, user: { id: 5, username: 'bob' } }),
    ]);
    renderRoom(api);
    await waitFor(() => expect(row(3)).not.toBeNull());
    const input = screen.getByPlaceholderText('Message...');
    await userEvent.type(input, 'hi @al');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@alan', '@alice']);
    expect(within(list).getByRole('option', { name: '@alan' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: '@alice' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('hi @alice ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(api.sends()).toEqual([]);

    // A click picks too.
    await userEvent.type(input, '@b');
    await userEvent.click(screen.getByRole('option', { name: '@bob' }));
    expect(input).toHaveValue('hi @alice @bob ');

    // Escape while replying closes the list only.
    await userEvent.hover(row(3) as HTMLElement);
    await userEvent.click(within(row(3) as HTMLElement).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(/Replying to/)).toBeInTheDocument();
    await userEvent.type(input, '@');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText(/Replying to/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText(/Replying to/)).toBeNull();
  }, 30_000);

  it('fills the list in when the members arrive after @ was typed', async () => {
    // Nobody the room shows is called al…: only the members' read can offer them, and it answers late.
    const api = fakeRoomApi([aMessage(1, { room_id: testRoom.id, user: { id: 5, username: 'bob' } })]);
    let answerMembers: () => void = () => {};
    const membersAnswered = new Promise<void>((resolve) => {
      answerMembers = resolve;
    });
    const members = [
      { id: 1, username: 'alice' },
      { id: 4, username: 'alan' },
      { id: 5, username: 'bob' },
    ];
    const get = api.http.get;
    api.http.get = (async (url: string, config?: unknown) =>
      url.endsWith('/members')
        ? membersAnswered.then(() => members)
        : get(url, config as never)) as typeof api.http.get;
    renderRoom(api);
    await waitFor(() => expect(row(1)).not.toBeNull());
    const input = screen.getByPlaceholderText('Message...');
    await userEvent.type(input, 'hi @al');
    expect(screen.queryByRole('listbox')).toBeNull();

    await act(async () => answerMembers());
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@alan', '@alice']);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('hi @alan ');
  }, 30_000);

  it('shows mentions as mentions, and a message mentioning this user stands out and says so', async () => {
    const mentions = [
      { id: 2, username: 'me' },
      { id: 5, username: 'bob' },
    ];
    renderRoom(
      fakeRoomApi([
        aMessage(1, { room_id: testRoom.id, content: 'ask @me or @bob', mentions }),
        aMessage(2, { room_id: testRoom.id, content: 'just @bob', mentions: [{ id: 5, username: 'bob' }] }),
      ]),
    );
    await waitFor(() => expect(row(2)).not.toBeNull());
    const first = row(1) as HTMLElement;
    expect([...first.querySelectorAll('[data-mention]')].map((span) => span.textContent)).toEqual([
      '@me',
      '@bob',
    ]);
    expect(first).toHaveAttribute('data-mentions-me', 'true');
    expect(within(first).getByText('Mentions you')).toBeInTheDocument();
    expect(row(2)).not.toHaveAttribute('data-mentions-me');
    expect(within(row(2) as HTMLElement).queryByText('Mentions you')).toBeNull();
  }, 30_000);
});

describe('open where you left off', () => {
  const roomAt = (lastRead: number | null | undefined, unread: number, messages: Message[]) => {
    const api = fakeRoomApi(messages);
    api.state.room = {
      ...testRoom,
      unread_count: unread,
      ...(lastRead === undefined ? {} : { last_read_id: lastRead }),
    };
    return api;
  };

  it("shows 'New messages' above the first unread message, reading back to it", async () => {
    const messages = many(300).map((m) => (m.id > 120 ? { ...m, user: { id: 3, username: 'bob' } } : m));
    const api = roomAt(120, 180, messages);
    renderRoom(api);
    // Older pages read back to the read position: 120 is held, then the room opens.
    await waitFor(() => expect(setSize()).toBeGreaterThanOrEqual(181));
    expect(api.gets().some((call) => call.params?.before_id !== undefined)).toBe(true);
  }, 30_000);

  it('opens at the bottom with no divider when nothing is unread, or the API has no read position', async () => {
    renderRoom(roomAt(5, 0, many(5)));
    await waitFor(() => expect(row(5)).not.toBeNull());
    await settle();
    expect(screen.queryByText('New messages')).toBeNull();
  }, 30_000);

  it('keeps the divider where it was while the read position moves on', async () => {
    const messages = many(6).map((m) => (m.id > 3 ? { ...m, user: { id: 3, username: 'bob' } } : m));
    const api = roomAt(3, 3, messages);
    renderRoom(api);
    expect((await screen.findByText('New messages')).closest('article')).toHaveAttribute(
      'data-message-id',
      '4',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(api.reads().length).toBeGreaterThan(0);
    expect(screen.getByText('New messages').closest('article')).toHaveAttribute('data-message-id', '4');
  }, 30_000);

  it('leaves its own messages out: the divider stands above the first from someone else', async () => {
    const messages = many(6).map((m) =>
      m.id === 4
        ? { ...m, user: { id: 2, username: 'me' } }
        : m.id > 4
          ? { ...m, user: { id: 3, username: 'bob' } }
          : m,
    );
    renderRoom(roomAt(3, 2, messages));
    const divider = await screen.findByText('New messages');
    expect(divider.closest('article')).toHaveAttribute('data-message-id', '5');
  }, 30_000);
});
