import type { APIRequestContext, Browser, Page, Request, WebSocketRoute } from '@playwright/test';
import { API_URL, APP_URL, createRoom } from '../support/api';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

// A message travels with its event on the room's own channel: readers apply it without reading it back.
test.use({ baseURL: APP_URL });

/** The catch-up reads a page makes: `GET chatrooms/{id}/messages?after_id=…`. */
const isCatchUpRead = (request: Request) =>
  request.method() === 'GET' && /\/chatrooms\/\d+\/messages\?(.*&)?after_id=/.test(request.url());

/**
 * A page's catch-up reads: how many it sent (every check of "no read" counts these), and how many came back.
 * The browser emits `request` as the read leaves, before the API has run a statement of it; only once its
 * answer is back has the API counted every statement it cost. A window of the API's counters opened between
 * the two counts the read inside it (2 statements on a fresh machine's first run, whose cold API answers late).
 */
function countReads(page: Page) {
  let sent = 0;
  let answered = 0;
  page.on('request', (request) => {
    if (isCatchUpRead(request)) sent++;
  });
  page.on('requestfinished', (request) => {
    if (isCatchUpRead(request)) answered++;
  });
  return Object.assign(() => sent, { answered: () => answered });
}
type Reads = ReturnType<typeof countReads>;

/** Another member of the room in a browser of their own, with their reads counted from the start. */
async function countedMember(browser: Browser, request: APIRequestContext, roomId: number) {
  const { page, context } = await secondMember(browser, request, roomId);
  return { page, reads: countReads(page), close: () => context.close() };
}

interface DeliveryStats {
  deliveries: number;
  statements_by_route: Record<string, number>;
}
const stats = async (request: APIRequestContext) =>
  (await (await request.get(`${API_URL}testing/delivery-stats`)).json()) as DeliveryStats;
const messageReads = (snapshot: DeliveryStats) =>
  snapshot.statements_by_route['GET /api/chatrooms/:id/messages'] ?? 0;

/** Opens the room and waits for the answer to the one read that follows its subscription. */
async function openAndSettle(page: Page, roomId: number, reads: Reads) {
  await openRoom(page, roomId);
  await expect.poll(reads.answered).toBe(1);
  expect(reads()).toBe(1);
}

test.describe('messages delivered with their events', () => {
  test('two members chat live and neither reads a message back', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const reads = countReads(page);
    const bob = await countedMember(browser, request, room.id);
    await openAndSettle(page, room.id, reads);
    await openAndSettle(bob.page, room.id, bob.reads);

    const before = await stats(request);
    for (let round = 1; round <= 5; round++) {
      await send(page, `from me ${round}`);
      await expect(rowsSaying(bob.page, `from me ${round}`)).toHaveCount(1);
      await send(bob.page, `from bob ${round}`);
      await expect(rowsSaying(page, `from bob ${round}`)).toHaveCount(1);
    }
    for (const viewer of [page, bob.page]) {
      await expect(rowsSaying(viewer, 'from bob 5')).toHaveAttribute('data-status', 'sent');
      await expect(viewer.getByRole('feed', { name: 'Messages' }).getByRole('article')).toHaveCount(10);
    }
    const after = await stats(request);

    expect(reads()).toBe(1);
    expect(bob.reads()).toBe(1);
    // Ten messages, each to both members' sockets, and not one statement spent reading them.
    expect(after.deliveries - before.deliveries).toBe(20);
    expect(messageReads(after) - messageReads(before)).toBe(0);
    console.log(
      `steady state: ${after.deliveries - before.deliveries} deliveries, ${messageReads(after) - messageReads(before)} read statements`,
    );
    await bob.close();
  });

  test('a reader whose websocket was cut while the other kept sending heals with exactly one read', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    // The socket runs through this route so the test can cut it and refuse reconnections for a while.
    let cut = false;
    const sockets = new Set<WebSocketRoute>();
    await page.routeWebSocket(/\/app\//, (socket) => {
      if (cut) {
        void socket.close({ code: 1006, reason: 'cut' });
        return;
      }
      socket.connectToServer();
      sockets.add(socket);
    });
    const reads = countReads(page);
    const bob = await countedMember(browser, request, room.id);
    await openAndSettle(page, room.id, reads);
    await openAndSettle(bob.page, room.id, bob.reads);
    await send(bob.page, 'before the cut');
    await expect(rowsSaying(page, 'before the cut')).toHaveCount(1);

    cut = true;
    for (const socket of sockets) await socket.close({ code: 1006, reason: 'cut' });
    sockets.clear();
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    const away = ['while cut off 1', 'while cut off 2', 'while cut off 3'];
    for (const text of away) {
      await send(bob.page, text);
      await expect(rowsSaying(bob.page, text)).toHaveAttribute('data-status', 'sent');
    }
    expect(reads()).toBe(1);
    cut = false;

    await expect(page.getByText('Reconnecting…')).toBeHidden({ timeout: 20_000 });
    for (const text of away) await expect(rowsSaying(page, text)).toHaveCount(1);
    await expect.poll(reads).toBe(2);

    // Whole again: the next message follows the newest one held, so it needs no read.
    await send(bob.page, 'after the reconnect');
    await expect(rowsSaying(page, 'after the reconnect')).toHaveCount(1);
    expect(reads()).toBe(2);
    expect(bob.reads()).toBe(1);
    await bob.close();
  });

  test('events lost on a live socket show as a gap at the next one, filled by exactly one read', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const roomEvent = `"channel":"private-chatroom.${room.id}"`;
    // The server's frames pass through here; while `dropping`, the room's events never reach the page.
    let dropping = false;
    await page.routeWebSocket(/\/app\//, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((frame) => {
        if (!(dropping && typeof frame === 'string' && frame.includes(roomEvent))) socket.send(frame);
      });
    });
    const reads = countReads(page);
    const bob = await countedMember(browser, request, room.id);
    await openAndSettle(page, room.id, reads);
    await openAndSettle(bob.page, room.id, bob.reads);

    dropping = true;
    for (const text of ['lost 1', 'lost 2']) {
      await send(bob.page, text);
      await expect(rowsSaying(bob.page, text)).toHaveAttribute('data-status', 'sent');
    }
    dropping = false;
    await expect(rowsSaying(page, 'lost 2')).toHaveCount(0);
    expect(reads()).toBe(1);

    await send(bob.page, 'the next one');
    for (const text of ['lost 1', 'lost 2', 'the next one'])
      await expect(rowsSaying(page, text)).toHaveCount(1);
    await expect.poll(reads).toBe(2);
    await send(bob.page, 'and then');
    await expect(rowsSaying(page, 'and then')).toHaveCount(1);
    expect(reads()).toBe(2);
    await bob.close();
  });

  test('against a backend that offers no room channel, each message costs one read, as in the spec', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    // A plain Laravel backend declares only `chatroom` in channels.php: any other channel is 403.
    await page.route('**/broadcasting/auth', async (route) => {
      const { channel_name } = route.request().postDataJSON() as { channel_name: string };
      if (channel_name === 'private-chatroom') return route.fallback();
      return route.fulfill({
        status: 403,
        json: { message: 'This action is unauthorized.' },
        headers: { 'access-control-allow-origin': APP_URL, 'access-control-allow-credentials': 'true' },
      });
    });
    const reads = countReads(page);
    const bob = await countedMember(browser, request, room.id);
    await openAndSettle(page, room.id, reads);
    await openAndSettle(bob.page, room.id, bob.reads);

    for (let n = 1; n <= 3; n++) {
      await send(bob.page, `spec behaviour ${n}`);
      await expect(rowsSaying(page, `spec behaviour ${n}`)).toHaveCount(1);
      await expect.poll(reads).toBe(1 + n);
    }
    expect(bob.reads()).toBe(1);
    await bob.close();
  });
});
