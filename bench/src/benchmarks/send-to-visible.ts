import { randomUUID } from 'node:crypto';
import type { MessageSentEvent } from '@chat/shared';
import { MESSAGE_SENT_EVENT, routes } from '@chat/shared/constants';
import type { Browser, Page } from '@playwright/test';
import type { ApiClient, Session } from '../lib/api';
import { appearances, recordAppearances, signIn } from '../lib/browser';
import { type ChatSocket, connectChatSocket, connectMany } from '../lib/pusher-clients';
import { summarize } from '../lib/stats';
import type { WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

const TARGET = { p50: 30, p99: 100 };

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
  await signIn(context, stack.origin, session.token);
  if (pattern) await recordAppearances(context, pattern);
  const page = await context.newPage();
  return { context, page };
}

/**
 * A room with the others as pusher-js clients in Node that, like the chat screen, fetch what is new on
 * each MessageSent of their room.
 */
async function listeners(client: ApiClient, roomId: number, count: number): Promise<ChatSocket[]> {
  const sessions = await Promise.all(Array.from({ length: count }, () => client.newSession('listener')));
  await Promise.all(sessions.map((session) => client.join(session, roomId)));
  let next = 0;
  return connectMany(count, async () => {
    const session = sessions[next++] as Session;
    const socket = await connectChatSocket(client.api, session.token);
    let lastId = 0;
    socket.on(MESSAGE_SENT_EVENT, (data) => {
      if ((data as MessageSentEvent).room_id !== roomId) return;
      void client.messagesAfter(session, roomId, lastId).then((messages) => {
        lastId = messages.at(-1)?.id ?? lastId;
      });
    });
    return socket;
  });
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
    const sockets = await listeners(client, room.id, others);
    const a = await signedInPage(browser, stack, sender);
    const b = await signedInPage(browser, stack, receiver, new RegExp(`send-${run}-\\d+`));
    try {
      await recordSends(a.page);
      for (const { page } of [a, b]) {
        await page.goto(`${stack.origin}${routes.room(room.id)}`);
        await page.getByPlaceholder('Message...').waitFor();
      }
      const input = a.page.getByPlaceholder('Message...');
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
        ],
        details: { latency, samples: latencies },
      };
    } finally {
      await a.context.close();
      await b.context.close();
      for (const socket of sockets) socket.close();
    }
  },
};
