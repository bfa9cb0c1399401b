// The README's screenshots, made again from the running app: `pnpm docs:screenshots [app URL]`.
// Signs in demo and alice, has them plan a weekend in a new room through the API (a reply, an edit,
// reactions from both), then photographs the room as demo at desktop and phone size into docs/images/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes } from '@chat/shared/constants';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium';
import { signInBrowser } from './lib/sign-in-browser';

const appUrl = new URL(process.argv[2] ?? process.env.APP_URL ?? 'http://localhost:3000').href;
const outDir = fileURLToPath(new URL('../docs/images/', import.meta.url));
const password = process.env.DEMO_PASSWORD ?? 'password';

const { apiUrl } = (await (await fetch(new URL('config.json', appUrl))).json()) as { apiUrl: string };

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, apiUrl), {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const login = async (username: string) =>
  (await api<{ token: string }>(null, 'POST', 'auth/login', { username, password })).token;
const demo = await login('demo');
const alice = await login('alice');

const room = await api<{ id: number }>(demo, 'POST', 'chatrooms', {
  name: 'Weekend trip',
  description: 'Planning Saturday at the lake',
  max_members: 10,
});
await api(alice, 'POST', `chatrooms/${room.id}/join`);

const say = async (token: string, content: string, replyTo?: { id: number }) =>
  api<{ id: number }>(token, 'POST', `chatrooms/${room.id}/messages`, {
    content,
    ...(replyTo ? { reply_to_id: replyTo.id } : {}),
  });
const react = (token: string, message: { id: number }, emoji: string) =>
  api(token, 'PUT', `chatrooms/${room.id}/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`);

const cabin = await say(alice, 'Found a cabin by the lake for Saturday: sleeps six and has a sauna!');
const howFar = await say(demo, 'Oh nice! How far is it?');
await say(alice, 'About two hours north, so an early start.');
const plan = await say(demo, "Let's leave at 9, I'll drive");
await api(demo, 'PATCH', `chatrooms/${room.id}/messages/${plan.id}`, {
  content: "Let's leave at 8:30 then, I'll drive",
});
const snacks = await say(alice, "Perfect, I'll bring snacks and the board games", plan);
await react(demo, cabin, '😮');
await react(demo, cabin, '❤️');
await react(alice, cabin, '❤️');
await react(alice, plan, '👍');
await react(alice, plan, '🎉');
await react(alice, howFar, '👍');
await react(demo, snacks, '😂');

const browser = await chromium.launch(chromiumLaunchOptions());
const roomUrl = new URL(routes.room(room.id), appUrl).href;
const signedIn = async (token: string, options: Parameters<typeof browser.newContext>[0]) => {
  const context = await browser.newContext(options);
  await signInBrowser(context, appUrl, token);
  return context;
};
try {
  // alice has the room open too, so both are online.
  const alicePage = await (await signedIn(alice, {})).newPage();
  await alicePage.goto(roomUrl);
  await alicePage.getByRole('region', { name: 'Online' }).getByRole('listitem').waitFor();

  mkdirSync(outDir, { recursive: true });
  const shots = [
    {
      file: 'chat-room-desktop.png',
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      phone: false,
    },
    { file: 'chat-room-phone.png', viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, phone: true },
  ];
  for (const { file, viewport, deviceScaleFactor, phone } of shots) {
    const context = await signedIn(demo, { viewport, deviceScaleFactor, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    await page.goto(roomUrl);
    const feed = page.getByRole('feed', { name: 'Messages' });
    const planRow = feed.getByRole('article').filter({ hasText: "Let's leave at 8:30 then" }).first();
    await feed.getByText("Perfect, I'll bring snacks", { exact: false }).waitFor();
    await feed.getByText('(edited)').waitFor();
    await page.getByRole('region', { name: 'Online' }).getByRole('listitem').nth(1).waitFor();
    await page.getByLabel('Messages', { exact: true }).and(page.locator('[aria-busy="false"]')).waitFor();
    await page.evaluate(() => document.fonts.ready);
    // Toasts (joined, connected...) go before the picture is taken.
    await page
      .locator('.ant-message-notice, .ant-notification-notice')
      .first()
      .waitFor({ state: 'detached' });
    // demo's own message shows its actions (Reply, Add reaction, Edit, Delete): hovered, or tapped on a phone.
    if (phone) await planRow.getByText("Let's leave at 8:30 then, I'll drive").tap();
    else await planRow.hover();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${outDir}${file}` });
    console.log(`docs/images/${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  // The room goes once photographed, where the API can delete rooms; an older one cannot (404/405): it stays.
  await api(demo, 'DELETE', `chatrooms/${room.id}`).catch((error: unknown) =>
    console.log(`the room stays: ${error instanceof Error ? error.message : String(error)}`),
  );
}
