import { loadedEcho } from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { withElementSize } from '../../../testing/element-size';
import { createFakeEcho } from '../../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../../testing/fake-room-api';
import { ChatRoom } from '../chat-room';
import { TYPING_TIMEOUT_MS } from '../model/typing';

const PRESENCE = `presence-chatroom.${testRoom.id}`;
const me = { id: 2, username: 'me' };
const bob = { id: 5, username: 'bob' };
const carol = { id: 6, username: 'carol' };

async function renderRoom() {
  const fake = createFakeEcho();
  const services = createTestServices({ http: fakeRoomApi().http, echo: loadedEcho(fake.echo) });
  services.session.getState().setUser({ ...me, image: null });
  const view = renderWithServices(
    <StrictMode>
      <ChatRoom roomId={testRoom.id} />
    </StrictMode>,
    services,
  );
  // The presence channel is joined once the room is: it is for members only.
  await waitFor(() => expect(fake.present.has(PRESENCE)).toBe(true));
  return { ...view, fake };
}

const panel = () => screen.getByRole('region', { name: 'Online' });
const online = () =>
  within(panel())
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const status = () => screen.getByRole('status');

withElementSize();
afterEach(() => {
  rs.useRealTimers();
  sessionStorage.clear();
});

describe("the room's presence", () => {
  it("lists who has the room open under 'Online', this user first, as they open and close it", async () => {
    const { fake, unmount } = await renderRoom();
    expect(panel()).toBeInTheDocument();
    act(() => fake.presence(PRESENCE, 'here', [bob, me]));
    await waitFor(() => expect(online()).toEqual(['me (you)', 'bob']));

    act(() => fake.presence(PRESENCE, 'joining', carol));
    expect(online()).toEqual(['me (you)', 'bob', 'carol']);
    act(() => fake.presence(PRESENCE, 'leaving', bob));
    expect(online()).toEqual(['me (you)', 'carol']);

    unmount();
    expect(fake.present.has(PRESENCE)).toBe(false);
  });

  it('says so when the server refuses the channel, and the room still works', async () => {
    const { fake } = await renderRoom();
    act(() => fake.failPresence(PRESENCE));
    expect(await within(panel()).findByText('Not available')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Message...')).toBeEnabled();
  });

  it("shows '{username} is typing…' from a member's whisper, until they stop", async () => {
    const { fake } = await renderRoom();
    act(() => fake.presence(PRESENCE, 'here', [me, bob, carol]));
    // The server names the sender (user_id); a payload claiming someone else does not change it.
    act(() => fake.whisper(PRESENCE, 'typing', { typing: true, id: 6, username: 'carol' }, { user_id: 5 }));
    expect(status()).toHaveTextContent('bob is typing…');
    act(() => fake.whisper(PRESENCE, 'typing', { typing: true, id: 6, username: 'carol' }));
    expect(status()).toHaveTextContent('bob and carol are typing…');
    act(() => fake.whisper(PRESENCE, 'typing', { typing: false, id: 5, username: 'bob' }));
    expect(status()).toHaveTextContent('carol is typing…');
    // Closing the room takes them off the line.
    act(() => fake.presence(PRESENCE, 'leaving', carol));
    expect(status()).toHaveTextContent('');
  });

  it('drops a typist who goes quiet after TYPING_TIMEOUT_MS, within 3 s', async () => {
    const { fake } = await renderRoom();
    act(() => fake.presence(PRESENCE, 'here', [me, bob]));
    rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => fake.whisper(PRESENCE, 'typing', { typing: true }, { user_id: 5 }));
    expect(status()).toHaveTextContent('bob is typing…');
    act(() => rs.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    act(() => fake.whisper(PRESENCE, 'typing', { typing: true }, { user_id: 5 }));
    act(() => rs.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    expect(status()).toHaveTextContent('bob is typing…');
    act(() => rs.advanceTimersByTime(100));
    expect(status()).toHaveTextContent('');
  });

  it('whispers while this user types, throttled, and a stop when they send', async () => {
    const { fake } = await renderRoom();
    act(() => fake.presence(PRESENCE, 'here', [me, bob]));
    const user = userEvent.setup();
    const input = screen.getByPlaceholderText('Message...');
    await user.type(input, 'hello');
    expect(fake.whispered(PRESENCE)).toEqual([
      { event: 'typing', data: { typing: true, id: me.id, username: me.username } },
    ]);
    await user.keyboard('{Enter}');
    expect(fake.whispered(PRESENCE).map((whisper) => whisper.data)).toEqual([
      { typing: true, id: me.id, username: me.username },
      { typing: false, id: me.id, username: me.username },
    ]);
  });

  it("never shows this user's own typing (another tab of theirs whispers too)", async () => {
    const { fake } = await renderRoom();
    act(() => fake.presence(PRESENCE, 'here', [me, bob]));
    act(() => fake.whisper(PRESENCE, 'typing', { typing: true }, { user_id: me.id }));
    expect(status()).toHaveTextContent('');
  });
});
