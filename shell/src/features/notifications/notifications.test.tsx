import {
  createSessionStore,
  type EchoClient,
  type EchoLoader,
  loadedEcho,
  type MentionNotification,
  type Message,
  routes,
  type User,
} from '@chat/shared';
import {
  BROADCAST_NOTIFICATION_EVENT,
  DIRECT_MESSAGE_NOTIFICATION_TYPE,
  MENTION_NOTIFICATION_TYPE,
  userChannel,
} from '@chat/shared/constants';
import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppHeader } from '../home/app-header';

const demo: User = { id: 4, username: 'demo', image: null };
type Callback = (payload: unknown) => void;

/** Echo as the header uses it: the user's channel and its notifications, delivered by the test. */
function createFakeEcho() {
  const listeners = new Map<string, Set<Callback>>();
  const left: string[] = [];
  const echo = {
    private(name: string) {
      const set = listeners.get(name) ?? new Set<Callback>();
      listeners.set(name, set);
      const channel = {
        notification(callback: Callback) {
          set.add(callback);
          return channel;
        },
        stopListeningForNotification(callback: Callback) {
          set.delete(callback);
          return channel;
        },
      };
      return channel;
    },
    leave(name: string) {
      left.push(name);
    },
  };
  return {
    echo: echo as unknown as EchoClient,
    left,
    listening: (name: string) => listeners.get(name)?.size ?? 0,
    notify(name: string, payload: unknown) {
      for (const callback of listeners.get(name) ?? []) callback(payload);
    },
  };
}

/** The browser's Notification, recorded: what tests outside the project observe too. */
class RecordedNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = rs.fn(async (): Promise<NotificationPermission> => 'granted');
  static shown: RecordedNotification[] = [];
  onclick: (() => void) | null = null;
  close = rs.fn();
  constructor(
    readonly title: string,
    readonly options?: NotificationOptions,
  ) {
    RecordedNotification.shown.push(this);
  }
}

let visibility: DocumentVisibilityState = 'visible';
const realNotification = Object.getOwnPropertyDescriptor(window, 'Notification');

beforeEach(() => {
  RecordedNotification.permission = 'default';
  RecordedNotification.requestPermission.mockClear();
  RecordedNotification.requestPermission.mockImplementation(async () => {
    RecordedNotification.permission = 'granted';
    return 'granted';
  });
  RecordedNotification.shown = [];
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    writable: true,
    value: RecordedNotification,
  });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  if (realNotification) Object.defineProperty(window, 'Notification', realNotification);
  else Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(document, 'visibilityState');
});

function renderHeader(echo: EchoLoader) {
  const session = createSessionStore({ onEnded: () => {} });
  session.getState().signIn('4|secret');
  session.getState().setUser(demo);
  const navigate = rs.fn();
  renderWithServices(<AppHeader />, createTestServices({ session, echo, navigation: { navigate } }));
  return { navigate };
}

/** A loader whose code never downloads unless asked: `load` counts the asks. */
function lazyEcho(client: EchoClient) {
  const load = rs.fn(async () => client);
  const loader = Object.assign(() => client, { loaded: () => undefined, load }) as EchoLoader;
  return { loader, load };
}

const message = (overrides: Partial<Message> = {}): Message => ({
  id: 31,
  room_id: 9,
  content: 'Are you in, @demo?',
  attachment_path: null,
  created_at: '2026-11-27T10:00:00.000000Z',
  user: { id: 5, username: 'alice' },
  client_msg_id: null,
  mentions: [{ id: 4, username: 'demo' }],
  ...overrides,
});

const mention = (overrides: Partial<Message> = {}): MentionNotification => ({
  id: 'b9d0c1e2-0000-4000-8000-000000000001',
  type: MENTION_NOTIFICATION_TYPE,
  room_id: 9,
  room_name: 'Weekend trip',
  message: message(overrides),
});

describe('Enable notifications', () => {
  it('is offered while the permission is default, and asks only when clicked', async () => {
    const fake = createFakeEcho();
    const { loader, load } = lazyEcho(fake.echo);
    renderHeader(loader);
    const button = screen.getByRole('button', { name: 'Enable notifications' });
    expect(RecordedNotification.requestPermission).not.toHaveBeenCalled();
    // Not granted: nothing listens, and Echo's code is not downloaded for it.
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(button);

    expect(RecordedNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('goes away when the person says no, and nothing listens', async () => {
    RecordedNotification.requestPermission.mockImplementation(async () => {
      RecordedNotification.permission = 'denied';
      return 'denied';
    });
    const fake = createFakeEcho();
    const { loader, load } = lazyEcho(fake.echo);
    renderHeader(loader);
    await userEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument(),
    );
    expect(load).not.toHaveBeenCalled();
  });

  it.each(['granted', 'denied'] as const)('is not offered once the permission is %s', (permission) => {
    RecordedNotification.permission = permission;
    renderHeader(loadedEcho(createFakeEcho().echo));
    expect(screen.getByRole('button', { name: 'demo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });

  it('is not offered where the browser has no notifications', () => {
    Reflect.deleteProperty(window, 'Notification');
    renderHeader(loadedEcho(createFakeEcho().echo));
    expect(screen.getByRole('button', { name: 'demo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });
});

describe('mention notifications', () => {
  function granted() {
    RecordedNotification.permission = 'granted';
    const fake = createFakeEcho();
    const { navigate } = renderHeader(loadedEcho(fake.echo));
    const deliver = (payload: unknown) => act(() => fake.notify(userChannel(demo.id), payload));
    return { fake, navigate, deliver };
  }

  it("shows '{author} in {room name}' with the text while the page is hidden", async () => {
    const { fake, deliver } = granted();
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    visibility = 'hidden';
    deliver(mention());
    expect(RecordedNotification.shown).toHaveLength(1);
    expect(RecordedNotification.shown[0]).toMatchObject({
      title: 'alice in Weekend trip',
      options: { body: 'Are you in, @demo?' },
    });
  });

  it("says 'Image' for an image sent without text", async () => {
    const { fake, deliver } = granted();
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    visibility = 'hidden';
    deliver(mention({ content: '', attachment_path: 'attachments/a.png' }));
    expect(RecordedNotification.shown[0]).toMatchObject({
      title: 'alice in Weekend trip',
      options: { body: 'Image' },
    });
  });

  it('shows nothing while the page is visible, for your own message, or for another kind of notification', async () => {
    const { fake, deliver } = granted();
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    deliver(mention());
    visibility = 'hidden';
    deliver(mention({ user: { id: demo.id, username: 'demo' } }));
    deliver({ ...mention(), type: 'App\\Notifications\\SomethingElse' });
    deliver(undefined);
    expect(RecordedNotification.shown).toHaveLength(0);
  });

  it("shows 'Direct message from {author}' for a direct message, and a click opens the conversation", async () => {
    const { fake, navigate, deliver } = granted();
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    visibility = 'hidden';
    deliver({
      ...mention({ content: 'Lunch?', mentions: [] }),
      type: DIRECT_MESSAGE_NOTIFICATION_TYPE,
      room_name: 'alice',
    });
    const [shown] = RecordedNotification.shown;
    expect(shown).toMatchObject({ title: 'Direct message from alice', options: { body: 'Lunch?' } });
    shown?.onclick?.();
    expect(navigate).toHaveBeenCalledWith(routes.directMessage(9));
  });

  it('a click focuses the tab, opens the room and closes the notification', async () => {
    const focus = rs.spyOn(window, 'focus').mockImplementation(() => {});
    const { fake, navigate, deliver } = granted();
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    visibility = 'hidden';
    deliver(mention());
    const [shown] = RecordedNotification.shown;
    shown?.onclick?.();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(routes.room(9));
    expect(shown?.close).toHaveBeenCalledTimes(1);
    focus.mockRestore();
  });

  it("listens on the signed-in user's channel only, as Echo's notification(), and stops when closed", async () => {
    RecordedNotification.permission = 'granted';
    const fake = createFakeEcho();
    const session = createSessionStore({ onEnded: () => {} });
    session.getState().signIn('4|secret');
    session.getState().setUser(demo);
    const view = renderWithServices(
      <AppHeader />,
      createTestServices({ session, echo: loadedEcho(fake.echo) }),
    );
    await waitFor(() => expect(fake.listening(userChannel(demo.id))).toBe(1));
    view.unmount();
    expect(fake.listening(userChannel(demo.id))).toBe(0);
    // Not left from under any other listener of the same channel.
    expect(fake.left).toEqual([]);
    expect(BROADCAST_NOTIFICATION_EVENT).toBe(
      'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated',
    );
  });
});
