import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';
import { FIRST_SCREEN_DATA_ID } from '@chat/shared/first-screen';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { type AppServer, serveApp } from './app-server';
import { expect, signIn, test } from './fixtures';
import { extraPorts } from './stack';

/**
 * For the tests of one file: a shell whose server draws the first screen (DRAW_FIRST_SCREEN=1,
 * shell/server/first-screen), beside the stack, with the stack's remotes and API; its origin once started.
 * The monolith run has no remotes to draw with.
 */
export function drawingShell(): () => string {
  test.skip(process.env.E2E_DEPLOYMENT === 'monolith', 'draws with the remotes’ server builds');
  let shell: AppServer | undefined;
  test.beforeAll(async () => {
    shell = await serveApp('shell', extraPorts.drawingShell, { DRAW_FIRST_SCREEN: '1' });
  });
  test.afterAll(async () => {
    await shell?.stop();
  });
  return () => shell?.url ?? '';
}

/** A page of a browser context of its own, signed in with `token`, closed after `use`. */
export async function inSignedInPage(
  browser: Browser,
  token: string,
  options: BrowserContextOptions,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext(options);
  try {
    await signIn(context, token);
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The page as the server sends it to this token: its headers and HTML. */
export async function pageFor(request: APIRequestContext, url: string, token: string) {
  const response = await request.get(url, {
    headers: { Cookie: `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}` },
  });
  return { headers: response.headers(), html: await response.text() };
}

export const isDrawn = (html: string) => html.includes(FIRST_SCREEN_DATA_ID);

/**
 * The server loads a remote's server build on the first page that could use it, and draws from the next one
 * on (a request never waits for a remote's code): ask until it draws.
 */
export async function untilDrawn(request: APIRequestContext, url: string, token: string): Promise<void> {
  await expect
    .poll(async () => isDrawn((await pageFor(request, url, token)).html), { timeout: 15_000 })
    .toBe(true);
}

/** The page's inline scripts (no `src`): on a drawn page, only its JSON data block. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map(([tag]) => tag);
export const DATA_BLOCK = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;

/**
 * The page's layout shift so far (CLS without input), and what moved: each source as its element, from where
 * to where, so that a failure says which element moved, not only by how much.
 */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ score: number; moved: string[] }>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Source = { node?: Node | null; previousRect: Rect; currentRect: Rect };
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
        const at = ({ x, y, width, height }: Rect) => `${x},${y} ${width}×${height}`;
        const named = (node?: Node | null) =>
          node instanceof Element
            ? `<${node.tagName.toLowerCase()}> "${(node.textContent ?? '').trim().slice(0, 40)}"`
            : (node?.nodeName ?? 'a node since removed');
        new PerformanceObserver((list) => {
          const shifts = (list.getEntries() as Shift[]).filter((entry) => !entry.hadRecentInput);
          resolve({
            score: shifts.reduce((sum, entry) => sum + entry.value, 0),
            moved: shifts.flatMap((entry) =>
              (entry.sources ?? []).map(
                (source) =>
                  `${named(source.node)} at ${Math.round(entry.startTime)} ms: ${at(source.previousRect)} → ${at(source.currentRect)}`,
              ),
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing shifted.
        setTimeout(() => resolve({ score: 0, moved: [] }), 500);
      }),
  );

/** Every API request the page makes, as `METHOD path` relative to the API's base. */
export function apiRequests(page: Page, apiUrl: string): string[] {
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(apiUrl)) asked.push(`${sent.method()} ${sent.url().slice(apiUrl.length)}`);
  });
  return asked;
}

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
] as const;
