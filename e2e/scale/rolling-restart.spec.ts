import type { Browser, Page } from '@playwright/test';
import { API_URL, bearer, createRoom, createUser, joinRoom, loginToken } from '../support/api';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { runScript } from '../support/run-script';
import { origin, scaleStack } from '../support/stack';

/** Each writer's pace: a message every this long, for as long as the restart runs. */
const SEND_EVERY_MS = 400;

interface Member {
  name: string;
  page: Page;
  /** Ids of the room's messages this page was given: by its websocket (with the event) or by a read. */
  received: Set<number>;
}

/** A member's page through the balancers, with every message id its client was handed recorded. */
async function member(browser: Browser, name: string, token: string, roomId: number): Promise<Member> {
  const context = await browser.newContext({ baseURL: origin(scaleStack.shell) });
  await signIn(context, token);
  const page = await context.newPage();
  const received = new Set<number>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { event?: string; channel?: string; data?: string };
      if (frame.channel !== `private-chatroom.${roomId}` || !frame.event?.endsWith('MessageSent')) return;
      const id = (JSON.parse(frame.data ?? '{}') as { message?: { id?: number } }).message?.id;
      if (id) received.add(id);
    }),
  );
  page.on('response', async (response) => {
    if (response.request().method() !== 'GET' || !/\/chatrooms\/\d+\/messages/.test(response.url())) return;
    if (!response.ok()) return;
    for (const message of (await response.json()) as { id: number }[]) received.add(message.id);
  });
  await openRoom(page, roomId);
  return { name, page, received };
}

test('a rolling restart of both API processes, then both Soketi nodes, while two members send: nothing lost, nothing doubled, no error to act on', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const account = async (prefix: string) => loginToken(request, await createUser(request, prefix));
  const tokens = await Promise.all(['ann', 'ben', 'cat', 'dan'].map(account));
  const [annToken, benToken, catToken, danToken] = tokens as [string, string, string, string];
  const room = await createRoom(request, annToken);
  for (const token of [benToken, catToken, danToken]) await joinRoom(request, token, room.id);
  const writers = [
    await member(browser, 'ann', annToken, room.id),
    await member(browser, 'ben', benToken, room.id),
  ];
  const readers = [
    await member(browser, 'cat', catToken, room.id),
    await member(browser, 'dan', danToken, room.id),
  ];
  const errors: string[] = [];
  for (const { name, page } of [...writers, ...readers])
    page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));

  let sending = true;
  const sent: string[] = [];
  const writing = writers.map(async ({ name, page }) => {
    for (let n = 1; sending; n++) {
      const text = `${name} ${n}`;
      await send(page, text);
      sent.push(text);
      await page.waitForTimeout(SEND_EVERY_MS);
    }
  });
  await writers[0]?.page.waitForTimeout(2_000);
  // `pnpm scale:restart` against this run's topology (SCALE_LAYOUT is set by scale.config.ts).
  const restart = await runScript('scripts/scale/restart.ts');
  console.log(restart.output.trim());
  await writers[0]?.page.waitForTimeout(2_000);
  sending = false;
  await Promise.all(writing);
  expect(restart.code, restart.output).toBe(0);

  // Every send ends sent, once, without a click: no row is left "Not sent" with a Retry to press.
  for (const { page } of writers) {
    await expect(page.getByText('Not sent', { exact: false })).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-status]:not([data-status="sent"])')).toHaveCount(0, { timeout: 30_000 });
  }
  // Stored once each, in each writer's order.
  const stored: { id: number; content: string }[] = [];
  for (let after = 0; ; ) {
    const response = await request.get(
      `${API_URL}chatrooms/${room.id}/messages?after_id=${after}&limit=100`,
      {
        headers: bearer(catToken),
      },
    );
    const page = (await response.json()) as { id: number; content: string }[];
    stored.push(...page);
    if (page.length < 100) break;
    after = page.at(-1)?.id ?? after;
  }
  const contents = stored.map((message) => message.content);
  expect(new Set(contents).size, 'no message stored twice').toBe(contents.length);
  expect(contents.toSorted()).toEqual(sent.toSorted());
  for (const { name } of writers) {
    const mine = contents.filter((content) => content.startsWith(`${name} `));
    expect(mine).toEqual(sent.filter((content) => content.startsWith(`${name} `)));
  }
  // Every member's client was handed every message, and shows the last ones once.
  const ids = stored.map((message) => message.id);
  const last = sent.slice(-4);
  for (const { name, page, received } of [...writers, ...readers]) {
    await expect
      .poll(() => ids.filter((id) => !received.has(id)).length, {
        message: `${name} misses none`,
        timeout: 30_000,
      })
      .toBe(0);
    for (const text of last) await expect(rowsSaying(page, text)).toHaveCount(1);
  }
  expect(errors).toEqual([]);
  console.log(
    `rolling restart: ${sent.length} messages sent, ${stored.length} stored, ` +
      `${[...writers, ...readers].map(({ name, received }) => `${name} was handed ${ids.filter((id) => received.has(id)).length}`).join(', ')}; ` +
      `lost ${sent.length - new Set(contents).size}, doubled ${contents.length - new Set(contents).size}`,
  );
});
