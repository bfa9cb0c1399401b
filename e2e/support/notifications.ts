import type { Page } from '@playwright/test';

/** What the page's recorded `Notification` saw: each construction, and whether it was closed. */
export interface RecordedNotification {
  title: string;
  options: NotificationOptions | undefined;
  closed: boolean;
}

interface RecorderWindow {
  e2eNotifications: {
    title: string;
    options: NotificationOptions | undefined;
    instance: { onclick: (() => void) | null; closed: boolean };
  }[];
  e2ePermissionAsks: number;
  e2eHidden: boolean;
}

/**
 * Before any of the page's scripts: `window.Notification` becomes a recorder (its constructor's arguments kept,
 * `permission` as given, `requestPermission` counted and answering `answer`), and `document.visibilityState`
 * and `document.hidden` follow `setHidden` (which also fires 'visibilitychange'), since a headless page is
 * always visible.
 */
export async function recordNotifications(
  page: Page,
  { permission, answer = 'granted' }: { permission: NotificationPermission; answer?: NotificationPermission },
): Promise<void> {
  await page.addInitScript(
    ({ permission, answer }) => {
      const page = window as unknown as RecorderWindow;
      page.e2eNotifications = [];
      page.e2ePermissionAsks = 0;
      page.e2eHidden = false;
      // The person's answer outlives a reload of the tab, as the browser's would.
      const KEPT = 'e2e-notification-permission';
      let current = (sessionStorage.getItem(KEPT) as NotificationPermission | null) ?? permission;
      class Recorder {
        static get permission() {
          return current;
        }
        static async requestPermission() {
          page.e2ePermissionAsks += 1;
          current = answer;
          sessionStorage.setItem(KEPT, answer);
          return answer;
        }
        onclick: (() => void) | null = null;
        closed = false;
        constructor(title: string, options?: NotificationOptions) {
          page.e2eNotifications.push({ title, options, instance: this });
        }
        close() {
          this.closed = true;
        }
      }
      Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: Recorder });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (page.e2eHidden ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => page.e2eHidden });
    },
    { permission, answer },
  );
}

export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((hidden) => {
    (window as unknown as RecorderWindow).e2eHidden = hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

export const notificationsShown = (page: Page): Promise<RecordedNotification[]> =>
  page.evaluate(() =>
    (window as unknown as RecorderWindow).e2eNotifications.map(({ title, options, instance }) => ({
      title,
      options,
      closed: instance.closed,
    })),
  );

export const permissionAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as RecorderWindow).e2ePermissionAsks);

/** What a person's click on the `index`th notification does: the page's own onclick. */
export const clickNotification = (page: Page, index: number) =>
  page.evaluate((index) => {
    const instance = (window as unknown as RecorderWindow).e2eNotifications[index]?.instance;
    if (!instance?.onclick) throw new Error(`notification ${index} has no onclick`);
    instance.onclick();
  }, index);

interface Frame {
  event?: string;
  channel?: string;
}

/**
 * Every frame the page's websockets receive, from before the page loads (call it first): `until` resolves
 * once one matches, whether it came before or after the call.
 */
export function watchFrames(page: Page) {
  const frames: Frame[] = [];
  const waiting = new Set<{ match: (frame: Frame) => boolean; resolve: () => void }>();
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as Frame;
      frames.push(frame);
      for (const waiter of waiting) {
        if (!waiter.match(frame)) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
    });
  });
  const until = (match: (frame: Frame) => boolean) =>
    frames.some(match) ? Promise.resolve() : new Promise<void>((resolve) => waiting.add({ match, resolve }));
  return {
    /** The server accepted the page's subscription to a channel named `prefix…` (the n-th time, from 1). */
    subscribed: (prefix: string, nth = 1) =>
      until(
        () =>
          frames.filter(
            (frame) =>
              frame.event === 'pusher_internal:subscription_succeeded' && frame.channel?.startsWith(prefix),
          ).length >= nth,
      ),
    /** An event arrived on a channel named `prefix…` (the n-th such, counting from 1). */
    received: (prefix: string, event: string, nth = 1) =>
      until(
        () =>
          frames.filter((frame) => frame.event === event && frame.channel?.startsWith(prefix)).length >= nth,
      ),
  };
}
