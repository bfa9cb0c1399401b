import type { Message } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aMessage } from '../../../testing/messages';
import { RoomPermissionsProvider } from '../hooks/use-room-permissions';
import { RoomStoreProvider } from '../hooks/use-room-store';
import { createChatStore } from '../model/chat-store';
import { latestReceived } from '../model/state/log';
import { findMessage } from '../model/state/selectors';
import { LinkPreview } from './link-preview';

const withPreview = aMessage(5, {
  room_id: 7,
  version: 3,
  content: 'see https://example.com/a',
  preview: {
    url: 'https://example.com/a',
    title: 'An article',
    description: 'About things',
    site_name: 'Example',
    image_url: 'http://api.test/api/attachments/x.png?expires=1&signature=s',
  },
});

describe('a link preview', () => {
  it('shows site, title opening the page in a new tab, description and the API’s image in a fixed box', () => {
    renderWithServices(<LinkPreview message={withPreview} own={false} />);
    const title = screen.getByRole('link', { name: 'An article' });
    expect(title.getAttribute('href')).toBe('https://example.com/a');
    expect(title.getAttribute('target')).toBe('_blank');
    expect(title.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Example')).toBeTruthy();
    expect(screen.getByText('About things')).toBeTruthy();
    const image = document.querySelector('img');
    expect(image?.getAttribute('src')).toBe(withPreview.preview?.image_url);
    expect(image?.getAttribute('alt')).toBe('');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['80', '80']);
    // Another's message, and no moderator: nothing to remove.
    expect(screen.queryByRole('button', { name: 'Remove preview' })).toBeNull();
  });

  it('never links anywhere but http(s)', () => {
    const hostile = aMessage(6, {
      preview: {
        url: 'javascript:alert(1)',
        title: 'x',
        description: null,
        site_name: null,
        image_url: null,
      },
    });
    const { container } = renderWithServices(<LinkPreview message={hostile} own />);
    expect(container.querySelector('a')).toBeNull();
  });

  it("lets the author (and a moderator) remove it: the message shows the API's answer at once", async () => {
    const store = createChatStore();
    store.setState((state) => latestReceived(state, [withPreview], 50));
    const deleted: string[] = [];
    const services = createTestServices({
      http: stubHttp({
        delete: async (url) => {
          deleted.push(url);
          return { ...withPreview, version: 4, preview: null };
        },
      }),
    });
    renderWithServices(
      <RoomStoreProvider value={store}>
        <LinkPreview message={withPreview} own />
      </RoomStoreProvider>,
      services,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove preview' }));
    await waitFor(() => expect(findMessage(store.getState(), 5)?.preview).toBeNull());
    expect(deleted).toEqual(['chatrooms/7/messages/5/preview']);
  });

  it("offers removal to the room's moderator, never in an archived room", () => {
    const { unmount } = renderWithServices(
      <RoomPermissionsProvider value={{ archived: false, moderator: true }}>
        <LinkPreview message={withPreview} own={false} />
      </RoomPermissionsProvider>,
    );
    expect(screen.getByRole('button', { name: 'Remove preview' })).toBeTruthy();
    unmount();
    renderWithServices(
      <RoomPermissionsProvider value={{ archived: true, moderator: true }}>
        <LinkPreview message={withPreview as Message} own />
      </RoomPermissionsProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Remove preview' })).toBeNull();
  });
});
