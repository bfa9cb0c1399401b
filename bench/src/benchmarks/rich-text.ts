import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import { featureCost, type Side } from '../lib/feature-cost';
import { readBigRoomPaired } from '../lib/paired-big-room';

/**
 * Messages as people write them in a team's room: formatting, links, a fenced code block, a quote, a list;
 * the room the chat screen opens on, so the parser and the highlighter are both at work in the measured load.
 */
const CONVERSATION = [
  'Morning! The **deploy** went out at 9, notes in https://example.com/release-notes',
  'Did anyone check `pnpm test:skew` after it?',
  '> the skew suite passed on the canary\n\nyes, _all nine_ pairings',
  'The fix for the flaky spec:\n```ts\nawait expect(row).toBeVisible();\nexpect(await row.count()).toBe(1);\n```',
  'Left to do:\n- the nginx config\n- ~~the balancer~~ gone\n- docs',
  'plain words without any markup, as most messages are',
  'See [the runbook](https://example.com/runbook) or mail ops@example.com',
];

/** Words the 100,000-message room's messages carry every few messages, so scrolling back meets formatting. */
const MARKUP_WORDS = [
  { word: '**bold**', every: 2 },
  { word: 'https://example.com/a/link', every: 3 },
  { word: '`code`', every: 5 },
  { word: '\n```js\nconst answer = 42;\n```', every: 50 },
];

/**
 * What rendering messages as Markdown costs a phone (the limit: 5 %): the chat room's Lighthouse
 * mobile row on a conversation that uses it, and the 100,000-message room's open and scroll-back, with the
 * shipped build against the same build with CHAT_LEVERS_OFF=rich-text (plain text, as before).
 */
export const richText = featureCost({
  name: 'rich-text',
  lever: 'rich-text',
  feature: 'rich text',
  // Clear of phone-levers' variants (10–60) and the rooms panel's (90).
  portOffset: 70,
  runs: (smoke) => Number(process.env.BENCH_RICH_TEXT_RUNS) || (smoke ? 1 : 5),
  async prepare(context) {
    const client = await context.client();
    const session = await client.newSession('rich-text');
    const room = await client.createRoom(session, 'Formatted conversation');
    for (const text of CONVERSATION) await client.send(session, room.id, text);
    const plain = await client.createRoom(session, 'Plain conversation');
    for (let i = 1; i <= 3; i++) await client.send(session, plain.id, `first-load message ${i}`);

    const size = context.smoke ? 150 : 100_000;
    const big = await client.createRoom(session, `${size} formatted messages`);
    context.log(`rich text: seeding a ${size}-message room with formatting`);
    await client.seedMessages(session, big.id, size, 'history', { words: MARKUP_WORDS });
    const newest = `newest-${randomUUID().slice(0, 8)}`;
    await client.send(session, big.id, newest);
    const browser = await context.browser();
    return {
      // BENCH_RICH_TEXT_LIGHTHOUSE=0: the big room's open and scroll-back alone, which measured beside the
      // Lighthouse rows came out higher than alone (bench/README.md, rich text's cost again).
      scenes:
        process.env.BENCH_RICH_TEXT_LIGHTHOUSE === '0'
          ? []
          : [
              // The chat room's own Lighthouse row (a few plain messages): no parser, no highlighter.
              { name: 'in a room, plain', path: routes.room(plain.id), token: session.token },
              { name: 'in a room, formatted', path: routes.room(room.id), token: session.token },
            ],
      extra: {
        async measure(stacks, first) {
          const origins = { with: stacks.with.origin, without: stacks.without.origin };
          const reading = await readBigRoomPaired(
            browser,
            origins,
            { token: session.token, roomId: big.id, newest },
            // Enough samples for a median to tell 5 %: a page's time varies by a third from one to the next.
            { opens: context.smoke ? 1 : 8, scrollBack: context.smoke ? 50 : 3000, first },
          );
          const figures = (side: Side) => ({
            [`open a ${size}-message room, ms`]: reading[side].openMs,
            "  the open's main thread, ms": reading[side].openMainMs,
            '  scroll back: each page, ms': reading[side].pageMs,
            "  each page's main thread, ms": reading[side].pageMainMs,
          });
          return { with: figures('with'), without: figures('without') };
        },
      },
    };
  },
});
