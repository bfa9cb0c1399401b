import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

/** Emojis for the message's 50 distinct reactions; the toggled one (👍) is not among them; 49 of them and 👍 make the 50 a message may carry. */
const OTHER_EMOJIS = [
  ...'😀😃😄😁😆😅🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥸🤩🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😭😤😠😡🤬🤯',
];
const TOGGLED = '👍';
const TARGET_MS = 100;

/**
 * In the page, from now on: which feed rows (articles) any DOM change touched, and when the toggled emoji's
 * toggle last changed its name. A mutation observer on the feed sees every change React commits there.
 */
function watchFeed(page: Page) {
  return page.evaluate(() => {
    const feed = document.querySelector('[role="feed"]');
    const state = { touched: new Set<string>(), changedAt: 0, label: '' };
    Object.assign(window, { __reactionBench: state });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const row = target?.closest('article');
        if (row)
          state.touched.add(row.getAttribute('data-message-id') ?? row.getAttribute('aria-posinset') ?? '?');
      }
    }).observe(feed as Node, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * A message with 49 other reactions (50 with the toggled one, the most a message takes) near the bottom of a 10,000-message room, open in a browser; another
 * member adds and takes back 👍 through the API, again and again. Per change: the time from the API's call to
 * the toggle's new name in the reader's DOM (event, state, render), and how many feed rows the DOM changed in
 * (the feed re-renders only the message that changed: 1).
 */
export const reactions: Benchmark = {
  name: 'reactions',
  async run(context) {
    const size = context.smoke ? 150 : 10_000;
    const changes = context.smoke ? 2 : 20;
    const client = await context.client();
    const reader = await client.newSession('reader');
    const reactor = await client.newSession('reactor');
    const room = await client.createRoom(reader, `${size} messages with reactions`);
    await client.join(reactor, room.id);
    await client.seedMessages(reader, room.id, size);
    const target = await client.send(reader, room.id, `target-${randomUUID().slice(0, 8)}`);
    await client.send(reader, room.id, 'one below');
    for (const emoji of OTHER_EMOJIS.slice(0, 49))
      await client.react(reader, room.id, target.id, emoji, true);

    const stack = await context.federated();
    const browserContext = await (await context.browser()).newContext();
    try {
      await signInBrowser(browserContext, stack.origin, reader.token);
      const page = await browserContext.newPage();
      await page.goto(`${stack.origin}${routes.room(room.id)}`);
      await page.getByText(target.content, { exact: true }).waitFor();
      await page.getByRole('button', { name: `${OTHER_EMOJIS[48]} 1` }).waitFor();

      const visibleMs: number[] = [];
      const rowsTouched: number[] = [];
      for (let i = 0; i < changes; i++) {
        await watchFeed(page);
        const add = i % 2 === 0;
        const started = Date.now();
        await client.react(reactor, room.id, target.id, TOGGLED, add);
        const toggle = page.getByRole('button', { name: `${TOGGLED} 1` });
        if (add) await toggle.waitFor();
        else await toggle.waitFor({ state: 'detached' });
        const shownAt = await page.evaluate(() => performance.timeOrigin + performance.now());
        visibleMs.push(shownAt - started);
        // Let anything else the change caused land before counting rows.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
        );
        rowsTouched.push(
          await page.evaluate(
            () =>
              (window as unknown as { __reactionBench: { touched: Set<string> } }).__reactionBench.touched
                .size,
          ),
        );
      }
      const visible = summarize(visibleMs);
      const rows = summarize(rowsTouched);
      return {
        rows: [
          {
            figure: `reaction → shown, ${size}-message room, message with 50 reactions`,
            unit: 'ms',
            n: visible.n,
            median: visible.median,
            p95: visible.p95,
            target: `< ${TARGET_MS}`,
            met: visible.median < TARGET_MS,
          },
          {
            figure: '  feed rows changed per reaction',
            unit: 'rows',
            n: rows.n,
            median: rows.median,
            p95: rows.p95,
            target: '1',
            met: rows.p95 <= 1,
          },
        ],
        details: { size, visibleMs, rowsTouched },
      };
    } finally {
      await browserContext.close();
    }
  },
};
