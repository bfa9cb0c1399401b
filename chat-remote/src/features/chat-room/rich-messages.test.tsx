import { loadedEcho } from '@chat/shared';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withElementSize } from '../../testing/element-size';
import { createFakeEcho } from '../../testing/fake-echo';
import { fakeRoomApi, testRoom } from '../../testing/fake-room-api';
import { aMessage } from '../../testing/messages';
import { ChatRoom } from './chat-room';

function renderRoom(api = fakeRoomApi()) {
  const services = createTestServices({
    http: api.http,
    echo: loadedEcho(createFakeEcho().echo),
    navigation: { navigate: rs.fn() },
  });
  services.session.getState().setUser({ id: 2, username: 'me', image: null });
  renderWithServices(<ChatRoom roomId={testRoom.id} />, services);
  return api;
}

const article = (id: number) => document.querySelector<HTMLElement>(`article[data-message-id="${id}"]`);

withElementSize();

describe('rich messages in a room', () => {
  it('shows a message formatted, its mention and "(edited)" inside the formatting', async () => {
    renderRoom(
      fakeRoomApi([
        aMessage(1, {
          room_id: testRoom.id,
          content: 'hi **@me** see https://example.test',
          edited_at: '2026-01-01T12:00:00.000Z',
          mentions: [{ id: 2, username: 'me' }],
        }),
      ]),
    );
    // The parser is a chunk of its own: the text is formatted once it has loaded.
    await waitFor(
      () => {
        const row = article(1);
        expect(row?.querySelector('strong [data-mention="me"]')?.textContent).toBe('@me');
        const link = within(row as HTMLElement).getByRole('link', { name: 'https://example.test' });
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        expect(row?.querySelector('p')?.textContent).toMatch(/\(edited\)$/);
      },
      { timeout: 5000 },
    );
  });

  it('quotes a formatted original as plain words', async () => {
    renderRoom(
      fakeRoomApi([
        aMessage(1, { room_id: testRoom.id, content: 'the **plan** is `ready`' }),
        aMessage(2, {
          room_id: testRoom.id,
          content: 'ok',
          reply_to_id: 1,
          reply_to: {
            id: 1,
            content: 'the **plan** is `ready`',
            has_attachment: false,
            user: { id: 1, username: 'alice' },
          },
        }),
      ]),
    );
    expect(
      await screen.findByRole(
        'button',
        { name: 'Reply to alice: the plan is ready. Show the original' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('adds a line on Shift+Enter and sends both lines on Enter', async () => {
    const api = renderRoom();
    await waitFor(() => expect(article(1)).not.toBeNull());
    const field = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(field).toHaveValue('first line\nsecond line');
    expect(api.sends()).toEqual([]);
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    expect(api.sends()[0]?.data).toMatchObject({ content: 'first line\nsecond line' });
    expect(field).toHaveValue('');
  });
});
