import { routes } from '@chat/shared/constants';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { signInBrowser } from '../../scripts/lib/sign-in-browser';
import { createRoom, createUser, joinRoom, loginToken, seedMessages } from '../support/api';
import type { AppServer } from '../support/app-server';
import {
  type CanaryVariant,
  canaryCli,
  canarySeries,
  ensureCanaryBuild,
  MIN_SESSIONS,
  metric,
  serveCanary,
  serveCanaryShell,
} from '../support/canary';
import { feed, rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';

// A chat-remote build as a 50 % canary beside the current one, judged by the shell's server from the open
// tabs' beacons; its decision reaches the tabs already open, which swap chat-remote in place (no reload) and
// keep what the user had: the typed text, the unsent message (then delivered), the room and its place.

const BASELINE = process.env.CHAT_REMOTE_URL ?? '';
const MARKER = 'set before the canary was decided';

type Arm = 'baseline' | 'canary';
interface Tab {
  name: string;
  arm: Arm;
  context: BrowserContext;
  page: Page;
}

/**
 * Browser sessions in `roomId`, each a member of its own, drawn by the shell into an arm (its signed cookie,
 * from a read of /config.json), until each arm has MIN_SESSIONS: the share is a draw, so more may be asked for.
 */
async function drawTabs(
  browser: Browser,
  request: APIRequestContext,
  shell: string,
  roomId: number,
  canaryManifest: string,
): Promise<Tab[]> {
  const tabs: Tab[] = [];
  const count = (arm: Arm) => tabs.filter((tab) => tab.arm === arm).length;
  for (let drawn = 0; count('baseline') < MIN_SESSIONS || count('canary') < MIN_SESSIONS; drawn++) {
    if (drawn === 24) throw new Error('24 draws at 50 % did not give each arm its sessions');
    const user = await createUser(request, 'canary');
    const token = await loginToken(request, user);
    await joinRoom(request, token, roomId);
    const context = await browser.newContext();
    await signInBrowser(context, shell, token);
    // The page draws the browser's arm (its cookie); /config.json then names that arm's manifest.
    await context.request.get(`${shell}${routes.room(roomId)}`);
    const served = await (await context.request.get(`${shell}/config.json`)).json();
    const arm: Arm = served.remotes.chat === canaryManifest ? 'canary' : 'baseline';
    expect(served.remotes.chat).toBe(arm === 'canary' ? canaryManifest : BASELINE);
    if (count(arm) >= MIN_SESSIONS) await context.close();
    else tabs.push({ name: user.username, arm, context, page: await context.newPage() });
  }
  return tabs;
}

/** The origins the page has loaded chat-remote's scripts from, as the browser's resource timing lists them. */
const scriptOrigins = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js'))
      .map((name) => new URL(name).origin),
  );

/** The text of the feed's first row whose bottom shows: where the reader is. */
const topRow = (page: Page) =>
  feed(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const row = [...element.querySelectorAll('article')].find(
      (article) => article.getBoundingClientRect().bottom > top + 1,
    );
    return row?.querySelector('p')?.textContent ?? null;
  });

const message = (page: Page) => page.getByPlaceholder('Message...');

/**
 * Opens the room, sends a message (`broken`: the tab runs the broken canary), moves the reader up the
 * conversation (on `scrolls`), then types a draft.
 */
async function chat(
  tab: Tab,
  shell: string,
  roomId: number,
  { scrolls, broken }: { scrolls: boolean; broken: boolean },
) {
  const { page } = tab;
  await page.goto(`${shell}${routes.room(roomId)}`);
  await expect(page.getByRole('heading', { name: /^Chat Room: / })).toBeVisible();
  await expect(page.getByLabel('Messages', { exact: true })).toHaveAttribute('aria-busy', 'false');
  await page.evaluate((marker) => {
    (window as { canaryMarker?: string }).canaryMarker = marker;
  }, MARKER);
  await message(page).fill(`hello from ${tab.name}`);
  await message(page).press('Enter');
  const sent = rowsSaying(page, `hello from ${tab.name}`);
  await expect(sent).toHaveCount(1);
  // On the broken build the message stays unsent: sending throws (the errors the judge counts).
  if (broken) await expect(sent.getByText('Sending…')).toBeVisible();
  else await expect(sent.getByText('Sending…')).toHaveCount(0);
  if (scrolls) {
    await feed(page).evaluate((element) => {
      element.scrollTop = Math.max(0, element.scrollTop - 1200);
    });
    await expect.poll(() => topRow(page)).toMatch(/^history \d+$/);
  }
  await message(page).fill(`draft of ${tab.name}`);
}

/** The tab now runs chat-remote from `origin`, in the same page (the marker set before is there), as it was. */
async function expectSwapped(tab: Tab, origin: string, top: string | null): Promise<void> {
  const { page } = tab;
  await expect.poll(async () => (await scriptOrigins(page)).includes(origin), { timeout: 20_000 }).toBe(true);
  expect(await page.evaluate(() => (window as { canaryMarker?: string }).canaryMarker)).toBe(MARKER);
  await expect(message(page)).toHaveValue(`draft of ${tab.name}`);
  if (top !== null) {
    await expect.poll(() => topRow(page)).toBe(top);
    // Back at the newest message, where this tab's own message is.
    await feed(page).evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
  }
  const sent = rowsSaying(page, `hello from ${tab.name}`);
  await expect(sent).toHaveCount(1);
  await expect(sent.getByText('Sending…')).toHaveCount(0);
}

interface Run {
  shell: AppServer;
  canary: AppServer;
  tabs: Tab[];
  roomId: number;
}

/**
 * A canary of `variant` started at 50 % with `pnpm canary start` on a shell of its own, in a room of 80 messages
 * with MIN_SESSIONS tabs an arm chatting in it; `decide` follows the judge. `pnpm canary status` is printed last.
 */
async function canaryRun(
  variant: CanaryVariant,
  { browser, request }: { browser: Browser; request: APIRequestContext },
  decide: (run: Run) => Promise<void>,
): Promise<void> {
  test.setTimeout(300_000);
  await ensureCanaryBuild(variant);
  const servers: AppServer[] = [];
  const tabs: Tab[] = [];
  try {
    const canary = await serveCanary(variant);
    servers.push(canary);
    // A broken canary is judged on its errors: never promoted before they come.
    const shell = await serveCanaryShell(variant === 'broken' ? 600 : 20);
    servers.push(shell);
    const owner = await createUser(request, 'owner');
    const room = await createRoom(request, await loginToken(request, owner));
    await seedMessages(request, room.id, { count: 80, prefix: 'history', username: owner.username });
    const manifest = `${canary.url}/mf-manifest.json`;
    console.log(await canaryCli(shell.url, 'start', 'chat-remote', '--manifest', manifest, '--share', '50'));
    tabs.push(...(await drawTabs(browser, request, shell.url, room.id, manifest)));
    try {
      await decide({ shell, canary, tabs, roomId: room.id });
    } finally {
      console.log(await canaryCli(shell.url, 'status'));
      console.log(await canarySeries(shell.url));
    }
  } finally {
    for (const tab of tabs) await tab.context.close();
    for (const server of servers.reverse()) await server.stop();
  }
}

/**
 * Each tab opens the room and chats, the arm the decision will move (`moved`) first: the judge cannot decide
 * before the other arm has its sessions, so every moved tab has sent its message and typed its draft by then.
 * The first moved tab also moves up the conversation. `broken`: the moved arm runs the broken build.
 */
async function chatInAll(
  { shell, tabs, roomId }: Run,
  moved: Arm,
  broken: boolean,
): Promise<Map<Tab, string | null>> {
  const tops = new Map<Tab, string | null>();
  const ordered = [...tabs.filter((tab) => tab.arm === moved), ...tabs.filter((tab) => tab.arm !== moved)];
  for (const tab of ordered) {
    const scrolls = tab === ordered[0];
    await chat(tab, shell.url, roomId, { scrolls, broken: broken && tab.arm === moved });
    tops.set(tab, scrolls ? await topRow(tab.page) : null);
  }
  return tops;
}

const decisions = (shell: AppServer, decision: 'rollback' | 'promote') =>
  metric(shell.url, `frontend_canary_decisions_total{remote="chat",decision="${decision}"}`);

test('a broken chat-remote canary is rolled back by the judge, into the open tabs, without a reload', async ({
  browser,
  request,
}) => {
  await canaryRun('broken', { browser, request }, async (run) => {
    const tops = await chatInAll(run, 'canary', true);

    await expect.poll(() => decisions(run.shell, 'rollback'), { timeout: 60_000 }).toBe(1);
    const baseline = new URL(BASELINE).origin;
    for (const tab of run.tabs.filter(({ arm }) => arm === 'canary')) {
      await expectSwapped(tab, baseline, tops.get(tab) ?? null);
      // The current version sends: what a canary tab writes now arrives.
      await message(tab.page).fill(`after the rollback, ${tab.name}`);
      await message(tab.page).press('Enter');
      await expect(rowsSaying(tab.page, `after the rollback, ${tab.name}`).getByText('Sending…')).toHaveCount(
        0,
      );
    }
    // Each unsent message was delivered once, for everyone in the room.
    const reader = run.tabs.find(({ arm }) => arm === 'baseline')?.page;
    if (!reader) throw new Error('no baseline tab');
    for (const tab of run.tabs) await expect(rowsSaying(reader, `hello from ${tab.name}`)).toHaveCount(1);
    expect(await decisions(run.shell, 'promote')).toBe(0);
  });
});

test('a healthy chat-remote canary is promoted by the judge, into the open tabs, without a reload', async ({
  browser,
  request,
}) => {
  await canaryRun('good', { browser, request }, async (run) => {
    const tops = await chatInAll(run, 'baseline', false);
    await expect.poll(() => decisions(run.shell, 'promote'), { timeout: 90_000 }).toBe(1);
    for (const tab of run.tabs.filter(({ arm }) => arm === 'baseline'))
      await expectSwapped(tab, run.canary.url, tops.get(tab) ?? null);
    expect(await decisions(run.shell, 'rollback')).toBe(0);
  });
});
