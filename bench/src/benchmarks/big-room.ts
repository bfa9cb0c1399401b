import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import { appearances, recordAppearances } from '../lib/browser';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const TARGET_MS = 300;
const MAX_ROWS = 100;
const PAGE_TIMEOUT_MS = 10_000;

/** What the virtualized feed holds: rows in the DOM, and how many messages are loaded (aria-setsize). */
function feedState(page: Page) {
  return page.evaluate(() => {
    const rows = document.querySelectorAll('[role="feed"] article');
    return { rowsInDom: rows.length, loaded: Number(rows[0]?.getAttribute('aria-setsize') ?? 0) };
  });
}

/**
 * A 100,000-message room: open it (warm cache, as a returning reader) until the newest message shows;
 * then scroll to the top again and again until 1,000 older messages have loaded, timing each page and
 * counting the rows the DOM holds meanwhile.
 */
export const bigRoom: Benchmark = {
  name: 'big-room',
  async run(context) {
    const size = context.smoke ? 150 : 100_000;
    const scrollBack = context.smoke ? 50 : 1000;
    const opens = context.smoke ? 1 : 5;
    const client = await context.client();
    const session = await client.newSession('reader');
    const room = await client.createRoom(session, `${size} messages`);

    // One statement through the test endpoint: the room has exactly `size` messages on any machine (sending
    // 100,000 through POST took minutes, and the API's write path has its own benchmark).
    context.log(`seeding a ${size}-message room`);
    const seedingStarted = performance.now();
    const seeding = await client.seedMessages(session, room.id, size);
    const seedMs = performance.now() - seedingStarted;
    const seeded = seeding.count;
    const newest = `newest-${randomUUID().slice(0, 8)}`;
    await client.send(session, room.id, newest);

    const stack = await context.federated();
    const browserContext = await (await context.browser()).newContext();
    try {
      await signInBrowser(browserContext, stack.origin, session.token);
      await recordAppearances(browserContext, new RegExp(newest));
      const page = await browserContext.newPage();
      await page.goto(`${stack.origin}${routes.room(room.id)}`);
      await page.getByText(newest).waitFor();

      context.log(`opening it ${opens} times, then scrolling back ${scrollBack} messages`);
      const openMs: number[] = [];
      for (let i = 0; i < opens; i++) {
        await page.reload();
        await page.getByText(newest).waitFor();
        openMs.push((await appearances(page))[newest]?.sinceNavigation ?? Number.NaN);
      }

      const feed = page.getByRole('feed', { name: 'Messages' });
      const start = await feedState(page);
      const pageMs: number[] = [];
      let maxRows = start.rowsInDom;
      let loaded = start.loaded;
      const scrollStarted = performance.now();
      while (loaded < start.loaded + scrollBack) {
        const before = performance.now();
        await feed.evaluate((element) => {
          element.scrollTop = 0;
        });
        const previous = loaded;
        await page.waitForFunction(
          (count) =>
            Number(document.querySelector('[role="feed"] article')?.getAttribute('aria-setsize') ?? 0) >
            count,
          previous,
          { timeout: PAGE_TIMEOUT_MS, polling: 'raf' },
        );
        pageMs.push(performance.now() - before);
        const state = await feedState(page);
        loaded = state.loaded;
        maxRows = Math.max(maxRows, state.rowsInDom);
      }
      const scrollMs = performance.now() - scrollStarted;

      const open = summarize(openMs);
      const pages = summarize(pageMs);
      return {
        rows: [
          {
            figure: `open a ${seeded}-message room`,
            unit: 'ms',
            n: open.n,
            median: open.median,
            p95: open.p95,
            target: `< ${TARGET_MS}`,
            met: open.median < TARGET_MS,
          },
          {
            figure: `  scroll back ${loaded - start.loaded}: each page`,
            unit: 'ms',
            n: pages.n,
            median: pages.median,
            p95: pages.p95,
            p99: pages.p99,
            target: `< ${TARGET_MS}`,
            met: pages.p95 < TARGET_MS,
          },
          { figure: '  scroll back: total', unit: 'ms', n: 1, median: scrollMs },
          {
            figure: '  rows in the DOM (max)',
            unit: 'rows',
            n: pages.n + 1,
            median: maxRows,
            target: `≤ ${MAX_ROWS}`,
            met: maxRows <= MAX_ROWS,
          },
        ],
        details: {
          seeded,
          seeding: { ...seeding, ms: seedMs },
          openMs,
          pageMs,
          scrollMs,
          maxRows,
          loaded: { start: start.loaded, end: loaded },
        },
      };
    } finally {
      await browserContext.close();
    }
  },
};
