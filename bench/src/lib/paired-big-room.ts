import { routes } from '@chat/shared/constants';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import { feedState, scrollToOlderPage } from './big-room-reading';
import { appearances, recordAppearances } from './browser';
import type { Side } from './feature-cost';

/**
 * After each open and each page, this long for the work it set off (formatting deferred to later tasks,
 * the rooms panel, the websocket) to be done before the main thread's time is read; a reader pauses anyway.
 */
const OPEN_SETTLE_MS = 1000;
const PAGE_SETTLE_MS = 300;

/** Per side: each open's and each page's time until it shows, and the main thread's work for it. */
export type PairedReading = Record<
  Side,
  { openMs: number[]; openMainMs: number[]; pageMs: number[]; pageMainMs: number[] }
>;

interface Reader {
  page: Page;
  cdp: CDPSession;
}

/** The renderer's main-thread busy time for this document so far (Chromium's TaskDuration), in ms. */
async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

const loadedCount = async (page: Page) => (await feedState(page)).loaded;

/**
 * A reader of the same big room on each deployment, side by side: after an untimed first load (the warm-up: a
 * returning reader's cache), `opens` reloads and then pages of scroll-back until `scrollBack` older messages
 * have loaded, one open or one page on each side in turn, the order flipping every time. Interleaved so, the
 * drift of a shared machine (another process, the API's own work) falls on both sides alike, which reading
 * one side's pages and then the other's did not. Each open is timed until the newest message (`newest`)
 * shows and each page until it has loaded; the main thread's work is read after each has settled.
 */
export async function readBigRoomPaired(
  browser: Browser,
  origins: Record<Side, string>,
  { token, roomId, newest }: { token: string; roomId: number; newest: string },
  { opens, scrollBack, first }: { opens: number; scrollBack: number; first: Side },
): Promise<PairedReading> {
  const sides: Side[] = first === 'with' ? ['with', 'without'] : ['without', 'with'];
  const reading = {} as PairedReading;
  const readers = {} as Record<Side, Reader>;
  const contexts = await Promise.all(sides.map(() => browser.newContext()));
  try {
    for (const [index, side] of sides.entries()) {
      const context = contexts[index];
      if (!context) throw new Error('no browser context');
      await signInBrowser(context, origins[side], token);
      await recordAppearances(context, new RegExp(newest));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`${origins[side]}${routes.room(roomId)}`);
      await page.getByText(newest).waitFor();
      readers[side] = { page, cdp };
      reading[side] = { openMs: [], openMainMs: [], pageMs: [], pageMainMs: [] };
    }
    const inTurn = (step: number) => (step % 2 ? [...sides].reverse() : sides);

    for (let open = 0; open < opens; open++) {
      for (const side of inTurn(open)) {
        const { page, cdp } = readers[side];
        await page.reload();
        await page.getByText(newest).waitFor();
        reading[side].openMs.push((await appearances(page))[newest]?.sinceNavigation ?? Number.NaN);
        await page.waitForTimeout(OPEN_SETTLE_MS);
        // The count starts again with each document: what it says now is this open's.
        reading[side].openMainMs.push(await mainThreadMs(cdp));
      }
    }

    const start = Object.fromEntries(
      await Promise.all(sides.map(async (side) => [side, await loadedCount(readers[side].page)] as const)),
    ) as Record<Side, number>;
    const loaded = { ...start };
    for (let step = 0; sides.some((side) => loaded[side] < start[side] + scrollBack); step++) {
      for (const side of inTurn(step)) {
        if (loaded[side] >= start[side] + scrollBack) continue;
        const { page, cdp } = readers[side];
        const before = await mainThreadMs(cdp);
        const started = performance.now();
        await scrollToOlderPage(page, loaded[side]);
        reading[side].pageMs.push(performance.now() - started);
        await page.waitForTimeout(PAGE_SETTLE_MS);
        reading[side].pageMainMs.push((await mainThreadMs(cdp)) - before);
        loaded[side] = await loadedCount(page);
      }
    }
    return reading;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}
