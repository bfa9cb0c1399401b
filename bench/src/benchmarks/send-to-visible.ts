import { randomUUID } from 'node:crypto';
import type { RoomMessageSentEvent } from '@chat/shared';
import { MESSAGE_SENT_EVENT, roomChannel, routes } from '@chat/shared/constants';
import type { Browser, Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import type { ApiClient, DeliveryStats, Session } from '../lib/api';
import { appearances, recordAppearances } from '../lib/browser';
import { connectChatSocket, connectMany } from '../lib/pusher-clients';
import { summarize } from '../lib/stats';
import type { WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

const TARGET = { p50: 10, p99: 40 };
/** What Echo's `listen('MessageSent')` binds to: the event name under Laravel's `App\\Events` namespace. */
const MESSAGE_SENT = `App\\Events\\${MESSAGE_SENT_EVENT}`;
/** The API's name for the route that reads messages (api/src/metrics/delivery-stats.ts). */
const MESSAGE_READ_ROUTE = 'GET /api/chatrooms/:id/messages';

/** In the sender's page: when Enter was pressed in the message box, by the text it sent. */
function recordSends(page: Page) {
  return page.addInitScript(() => {
    const sent: Record<string, number> = {};
    Object.assign(window, { __benchSent: sent });
    document.addEventListener(
      'keydown',
      (event) => {
        const input = event.target as HTMLInputElement;
        if (event.key === 'Enter' && input.placeholder === 'Message...')
          sent[input.value] = performance.timeOrigin + performance.now();
      },
      true,
    );
  });
}

async function signedInPage(browser: Browser, stack: WebStack, session: Session, pattern?: RegExp) {
  const context = await browser.newContext();
  await signInBrowser(context, stack.origin, session.token);
  if (pattern) await recordAppearances(context, pattern);
  const page = await context.newPage();
  return { context, page };
}

/**
 * The others in the room as pusher-js clients in Node that read as the chat screen does: subscribed to the
 * room's own channel, they open on the newest page and then apply each MessageSent's message, reading
 * `after_id` only when one comes without its message or does not follow the newest id they hold (a gap).
 */
async function listeners(client: ApiClient, roomId: number, count: number) {
  const sessions = await Promise.all(Array.from({ length: count }, () => client.newSession('listener')));
  await Promise.all(sessions.map((session) => client.join(session, roomId)));
  const counts = { applied: 0, catchUps: 0 };
  let next = 0;
  const sockets = await connectMany(count, async () => {
    const session = sessions[next++] as Session;
    const socket = await connectChatSocket(client.api, session.token, {
      channel: `private-${roomChannel(roomId)}`,
    });
    let cursor = (await client.newestMessages(session, roomId)).at(-1)?.id ?? 0;
    socket.on(MESSAGE_SENT, (data) => {
      const event = data as RoomMessageSentEvent;
      if (event.message_id <= cursor) return;
      if (event.message && (event.previous_id ?? 0) === cursor) {
        cursor = event.message_id;
        counts.applied++;
        return;
      }
      counts.catchUps++;
      void client.messagesAfter(session, roomId, cursor).then((messages) => {
        cursor = Math.max(cursor, messages.at(-1)?.id ?? cursor);
      });
    });
    return socket;
  });
  return { sockets, counts };
}

/** Statements the API spent reading messages per delivery between two of its counts. */
function readsPerDelivery(before: DeliveryStats, after: DeliveryStats) {
  const reads = (stats: DeliveryStats) => stats.statements_by_route[MESSAGE_READ_ROUTE] ?? 0;
  const deliveries = after.deliveries - before.deliveries;
  const byRoute = Object.fromEntries(
    Object.entries(after.statements_by_route)
      .map(([route, n]) => [route, n - (before.statements_by_route[route] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  return {
    deliveries,
    reads: reads(after) - reads(before),
    perDelivery: deliveries ? (reads(after) - reads(before)) / deliveries : Number.NaN,
    statements: after.statements - before.statements,
    byRoute,
  };
}

/** Two browsers and 48 Node clients in one room: from Enter in one browser to the text in the other. */
export const sendToVisible: Benchmark = {
  name: 'send-to-visible',
  async run(context) {
    const messages = context.smoke ? 3 : 200;
    const others = context.smoke ? 3 : 48;
    const client = await context.client();
    const stack = await context.federated();
    const browser = await context.browser();
    const [sender, receiver] = [await client.newSession('sender'), await client.newSession('receiver')];
    const room = await client.createRoom(sender, 'Send to visible');
    await client.join(receiver, room.id);

    context.log(`send → visible: ${messages} messages, 2 browsers + ${others} Node clients`);
    const run = randomUUID().slice(0, 8);
    const readers = await listeners(client, room.id, others);
    const a = await signedInPage(browser, stack, sender);
    const b = await signedInPage(browser, stack, receiver, new RegExp(`send-${run}-\\d+`));
    try {
      await recordSends(a.page);
      for (const { page } of [a, b]) {
        // The chat room reads once after its channel subscription succeeds (what came before it was never
        // delivered): that read marks the end of opening the room, and the steady state starts after it.
        const subscribed = page.waitForResponse((response) =>
          /\/messages\?(.*&)?after_id=/.test(response.url()),
        );
        await page.goto(`${stack.origin}${routes.room(room.id)}`);
        await page.getByPlaceholder('Message...').waitFor();
        await subscribed;
      }
      const input = a.page.getByPlaceholder('Message...');
      const before = await client.deliveryStats();
      for (let i = 0; i < messages; i++) {
        const text = `send-${run}-${i}`;
        await input.fill(text);
        await input.press('Enter');
        await b.page.waitForFunction(
          (t) => t in (window as unknown as { __benchSeen: object }).__benchSeen,
          text,
          { polling: 'raf' },
        );
      }
      const statements = readsPerDelivery(before, await client.deliveryStats());
      const sent = await a.page.evaluate(
        () => (window as unknown as { __benchSent: Record<string, number> }).__benchSent,
      );
      const seen = await appearances(b.page);
      const latencies = Object.entries(sent).map(([text, at]) => (seen[text]?.epoch ?? Number.NaN) - at);
      const latency = summarize(latencies);
      return {
        rows: [
          {
            figure: `send → visible (${others + 2} in room)`,
            unit: 'ms',
            n: latency.n,
            median: latency.median,
            p95: latency.p95,
            p99: latency.p99,
            target: `p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99}`,
            met: latency.median <= TARGET.p50 && latency.p99 <= TARGET.p99,
          },
          {
            figure: 'DB statements per delivery (message reads)',
            unit: 'stmt',
            n: statements.deliveries,
            median: statements.perDelivery,
            target: '0',
            met: statements.reads === 0,
          },
          {
            figure: '  Node readers: catch-up reads',
            unit: 'req',
            n: readers.counts.applied + readers.counts.catchUps,
            median: readers.counts.catchUps,
          },
        ],
        details: { latency, samples: latencies, statements, readers: readers.counts },
      };
    } finally {
      await a.context.close();
      await b.context.close();
      for (const socket of readers.sockets) socket.close();
    }
  },
};
