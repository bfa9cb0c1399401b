import { randomUUID } from 'node:crypto';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import { readBigRoom } from '../lib/big-room-reading';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const TARGET_MS = 300;
const MAX_ROWS = 100;

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
      context.log(`opening it ${opens} times, then scrolling back ${scrollBack} messages`);
      const reading = await readBigRoom(browserContext, stack.origin, room.id, newest, { opens, scrollBack });
      const { openMs, pageMs, scrollMs, maxRows, loaded } = reading;
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
            figure: `  scroll back ${loaded.end - loaded.start}: each page`,
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
          loaded,
        },
      };
    } finally {
      await browserContext.close();
    }
  },
};
