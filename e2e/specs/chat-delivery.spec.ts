import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import {
  APP_URL,
  createRoom,
  createUser,
  joinRoom,
  loginToken,
  messagesOf,
  postMessage,
} from '../support/api';
import { feed, openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';

// Faults between the browser and the server: every message must still arrive, and arrive once.
test.use({ baseURL: APP_URL });

/**
 * Every row of the virtualized feed, read by scrolling it from top to bottom: position → text. Also
 * the largest number of rows the DOM held at once.
 */
async function readWholeFeed(page: Page): Promise<{ texts: string[]; total: number; maxRows: number }> {
  return feed(page).evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seen = new Map<number, string>();
    let total = 0;
    let maxRows = 0;
    element.scrollTop = 0;
    for (;;) {
      await frame();
      const rows = [...element.querySelectorAll('article')];
      maxRows = Math.max(maxRows, rows.length);
      for (const row of rows) {
        total = Number(row.getAttribute('aria-setsize'));
        seen.set(Number(row.getAttribute('aria-posinset')), row.querySelector('p')?.textContent ?? '');
      }
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) break;
      element.scrollTop += element.clientHeight / 2;
    }
    const texts = [...seen.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
    return { texts, total, maxRows };
  });
}

const SENT_WHILE_AWAY = 30;

/** Another member of the room, who keeps writing through the API while this page is cut off. */
async function memberOf(request: APIRequestContext, roomId: number): Promise<string> {
  const token = await loginToken(request, await createUser(request, 'alice'));
  await joinRoom(request, token, roomId);
  return token;
}

/** SENT_WHILE_AWAY messages at once, so the outage stays short; returns their texts in the room's order. */
async function postAll(request: APIRequestContext, token: string, roomId: number, prefix: string) {
  const texts = Array.from({ length: SENT_WHILE_AWAY }, (_, i) => `${prefix} ${i + 1}`);
  const posted = await Promise.all(texts.map((text) => postMessage(request, token, roomId, text)));
  return posted.sort((a, b) => a.id - b.id).map((message) => message.content);
}

async function expectEachOnce(page: Page, expected: string[], fault: string) {
  await expect(rowsSaying(page, expected.at(-1) ?? '')).toHaveCount(1);
  const { texts, total } = await readWholeFeed(page);
  const arrived = texts.filter((text) => expected.includes(text));
  console.log(
    `${fault}: sent ${expected.length - 1} while cut off; ${arrived.length - 1} arrived, ${total} rows in all`,
  );
  expect(texts).toEqual(expected);
  expect(total).toBe(expected.length);
}

test.describe('delivery through faults', () => {
  test('after the websocket server drops the connection, every message sent meanwhile arrives exactly once', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const aliceToken = await memberOf(request, room.id);
    // The socket runs through this route, so the test can play a websocket server that goes away and
    // refuses connections for a while (a restart). HTTP stays up: only the resubscription can catch up.
    let serverDown = false;
    // 1006 (abnormal closure) is what a browser reports when the server process goes away.
    const restarting = { code: 1006, reason: 'restarting' };
    const sockets = new Set<WebSocketRoute>();
    await page.routeWebSocket(/\/app\//, (socket) => {
      if (serverDown) {
        void socket.close(restarting);
        return;
      }
      socket.connectToServer();
      sockets.add(socket);
    });
    await openRoom(page, room.id);
    await postMessage(request, aliceToken, room.id, 'before the drop');
    await expect(rowsSaying(page, 'before the drop')).toHaveCount(1);

    serverDown = true;
    for (const socket of sockets) await socket.close(restarting);
    sockets.clear();
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    const away = await postAll(request, aliceToken, room.id, 'while the socket was down');
    serverDown = false;

    await expect(page.getByText('Reconnecting…')).toBeHidden({ timeout: 20_000 });
    await expectEachOnce(page, ['before the drop', ...away], 'websocket server restart');
  });

  test('after the browser was offline, every message sent meanwhile arrives exactly once', async ({
    userPage: page,
    context,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const aliceToken = await memberOf(request, room.id);
    await openRoom(page, room.id);
    await postMessage(request, aliceToken, room.id, 'before going offline');
    await expect(rowsSaying(page, 'before going offline')).toHaveCount(1);

    await context.setOffline(true);
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    const away = await postAll(request, aliceToken, room.id, 'while offline');
    await context.setOffline(false);

    await expect(page.getByText('Reconnecting…')).toBeHidden({ timeout: 45_000 });
    await expectEachOnce(page, ['before going offline', ...away], 'browser offline');
  });

  test("a send that fails offline shows failed with Retry under 'You are offline.', and is delivered once back online, unclicked", async ({
    userPage: page,
    context,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);

    const offline = page.getByText('You are offline.', { exact: true });
    await expect(offline).toBeHidden();
    await context.setOffline(true);
    await expect(offline).toBeVisible();
    await send(page, 'sent into the void');
    const row = rowsSaying(page, 'sent into the void');
    await expect(row).toHaveAttribute('data-status', 'failed');
    await expect(row).toContainText('Not sent: No connection to the server.');
    await expect(page.getByPlaceholder('Message...')).toHaveValue('');
    await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The outbox sends it again by itself when the browser is back online (Retry is the lost-answer test's).
    await context.setOffline(false);

    await expect(offline).toBeHidden();
    await expect(row).toHaveAttribute('data-status', 'sent');
    await expect(rowsSaying(page, 'sent into the void')).toHaveCount(1);
    const stored = await messagesOf(request, token, room.id);
    expect(stored.map((message) => message.content)).toEqual(['sent into the void']);
  });

  test('a send whose answer is lost is retried under the same id and stored once', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    // No live events here: the stored message must come back through Retry, not through a catch-up.
    await page.routeWebSocket(/\/app\//, () => {});
    await openRoom(page, room.id);
    const bodies: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/messages')) bodies.push(req.postData() ?? '');
    });
    // The server stores the message, then the connection drops before the answer reaches the browser.
    await page.route(
      `**/chatrooms/${room.id}/messages`,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );

    await send(page, 'did it arrive?');
    const row = rowsSaying(page, 'did it arrive?');
    await expect(row).toHaveAttribute('data-status', 'failed');
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/messages'),
    );
    await row.getByRole('button', { name: 'Retry' }).click();
    // 200, not 201: the server recognised the client_msg_id and returned the message it already had.
    expect((await answer).status()).toBe(200);

    await expect(row).toHaveAttribute('data-status', 'sent');
    await expect(rowsSaying(page, 'did it arrive?')).toHaveCount(1);
    const stored = await messagesOf(request, token, room.id);
    expect(stored.map((message) => message.content)).toEqual(['did it arrive?']);
    const ids = bodies.map((body) => (JSON.parse(body) as { client_msg_id: string }).client_msg_id);
    expect(new Set(ids).size).toBe(1);
  });
});
