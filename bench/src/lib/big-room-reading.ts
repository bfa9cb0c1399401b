import { routes } from '@chat/shared/constants';
import type { BrowserContext, Page } from '@playwright/test';
import { appearances, recordAppearances } from './browser';

const PAGE_TIMEOUT_MS = 10_000;

/**
 * Scrolls the feed to its top and waits until the older page it asks for has loaded: more messages than
 * `loaded` (aria-setsize), checked every frame.
 */
export async function scrollToOlderPage(page: Page, loaded: number): Promise<void> {
  await page.getByRole('feed', { name: 'Messages' }).evaluate((element) => {
    element.scrollTop = 0;
  });
  await page.waitForFunction(
    (count) =>
      Number(document.querySelector('[role="feed"] article')?.getAttribute('aria-setsize') ?? 0) > count,
    loaded,
    { timeout: PAGE_TIMEOUT_MS, polling: 'raf' },
  );
}

/** What the virtualized feed holds: rows in the DOM, and how many messages are loaded (aria-setsize). */
export function feedState(page: Page) {
  return page.evaluate(() => {
    const rows = document.querySelectorAll('[role="feed"] article');
    return { rowsInDom: rows.length, loaded: Number(rows[0]?.getAttribute('aria-setsize') ?? 0) };
  });
}

export interface BigRoomReading {
  openMs: number[];
  pageMs: number[];
  scrollMs: number;
  maxRows: number;
  loaded: { start: number; end: number };
}

/**
 * A reader in a big room whose newest message says `newest`: opens it `opens` times by reload (warm cache, as
 * a returning reader) until that message shows; then scrolls to the top again and again until `scrollBack`
 * older messages have loaded, timing each page and counting the rows the DOM holds meanwhile.
 */
export async function readBigRoom(
  browserContext: BrowserContext,
  origin: string,
  roomId: number,
  newest: string,
  { opens, scrollBack }: { opens: number; scrollBack: number },
): Promise<BigRoomReading> {
  await recordAppearances(browserContext, new RegExp(newest));
  const page = await browserContext.newPage();
  try {
    await page.goto(`${origin}${routes.room(roomId)}`);
    await page.getByText(newest).waitFor();
    const openMs: number[] = [];
    for (let i = 0; i < opens; i++) {
      await page.reload();
      await page.getByText(newest).waitFor();
      openMs.push((await appearances(page))[newest]?.sinceNavigation ?? Number.NaN);
    }

    const start = await feedState(page);
    const pageMs: number[] = [];
    let maxRows = start.rowsInDom;
    let loaded = start.loaded;
    const scrollStarted = performance.now();
    while (loaded < start.loaded + scrollBack) {
      const before = performance.now();
      await scrollToOlderPage(page, loaded);
      pageMs.push(performance.now() - before);
      const state = await feedState(page);
      loaded = state.loaded;
      maxRows = Math.max(maxRows, state.rowsInDom);
    }
    return {
      openMs,
      pageMs,
      scrollMs: performance.now() - scrollStarted,
      maxRows,
      loaded: { start: start.loaded, end: loaded },
    };
  } finally {
    await page.close();
  }
}
