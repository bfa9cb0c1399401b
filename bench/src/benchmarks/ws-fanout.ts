import PusherServer from 'pusher';
import type { ApiServer } from '../lib/api';
import { ApiClient } from '../lib/api';
import { residentKiB } from '../lib/processes';
import { type ChatSocket, connectChatSocket, connectMany, PRIVATE_CHAT_CHANNEL } from '../lib/pusher-clients';
import type { Row } from '../lib/report';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const EVENT = 'bench-fanout';
const TARGET_P99_MS = 50;
const DELIVERY_TIMEOUT_MS = 10_000;
const SETTLE_MS = 2_000;
const UNMAP_MS = 500;
/**
 * Events published first and not measured. The clients' code (pusher-js, in this process) is compiled while
 * it runs its first events: unwarmed, the first two of 100 took 55 and 34 ms to half the sockets instead of
 * about 22, enough to set the p99 of whichever row ran first (the embedded server's), not of the server.
 */
const WARMUP_EVENTS = 5;

/**
 * Publishes `events` one at a time, after `WARMUP_EVENTS` unmeasured ones, and collects, for each socket,
 * publish → arrival in ms.
 */
/** The delivery row of a fan-out run; `label` names the server when it is not the embedded one. */
export function fanOutRow(
  connections: number,
  delivery: ReturnType<typeof summarize>,
  missed: number,
  label?: string,
): Row {
  return {
    figure: `websocket fan-out (${connections} conns)${label ? ` [${label}]` : ''}`,
    unit: 'ms',
    n: delivery.n,
    median: delivery.median,
    p95: delivery.p95,
    p99: delivery.p99,
    target: `p99 ≤ ${TARGET_P99_MS}`,
    met: delivery.p99 <= TARGET_P99_MS && missed === 0,
  };
}

export async function fanOut(api: ApiServer, sockets: ChatSocket[], events: number) {
  const publisher = new PusherServer({
    appId: api.websocket.appId,
    key: api.websocket.key,
    secret: api.websocket.secret,
    host: api.websocket.host,
    port: String(api.websocket.port),
    useTLS: false,
  });
  const latencies: number[] = [];
  let missed = 0;
  let round = { seq: Number.NaN, sentAt: 0, pending: 0, done: () => {} };
  for (const socket of sockets) {
    socket.on(EVENT, (data) => {
      if ((data as { seq: number }).seq !== round.seq) return;
      if (round.seq >= 0) latencies.push(performance.now() - round.sentAt);
      if (--round.pending === 0) round.done();
    });
  }
  for (let seq = -WARMUP_EVENTS; seq < events; seq++) {
    const delivered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DELIVERY_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      round = { seq, sentAt: performance.now(), pending: sockets.length, done };
    });
    await publisher.trigger(PRIVATE_CHAT_CHANNEL, EVENT, { seq });
    if (!(await delivered) && seq >= 0) missed += round.pending;
  }
  return { latencies, missed };
}

/**
 * The API's resident memory (and heap in use) once a full collection has run. Read without one, the figure
 * was the heap's growth, mostly garbage of the connections' /broadcasting/auth requests not yet collected, or,
 * when a major collection happened to fall between the two readings, minus the ~350 MB of buffers left from
 * start-up: from -351 to 13.7 KiB per connection on the same code (bench/README.md, "A connection costs what
 * it did").
 */
async function kept(api: ApiServer): Promise<{ residentKiB: number; heapKiB: number }> {
  const { collected, heap_used } = await new ApiClient(api).collectGarbage();
  if (!collected) throw new Error('The API cannot collect garbage: it runs without --expose-gc');
  // V8 hands the freed pages back to the system on a background thread.
  await new Promise((resolve) => setTimeout(resolve, UNMAP_MS));
  return { residentKiB: await residentKiB(api.pid), heapKiB: heap_used / 1024 };
}

/**
 * 2,000 subscribed pusher-js connections; 100 events published through the Pusher HTTP API (as Laravel's
 * broadcaster or an external Reverb would be fed), one at a time after 5 unmeasured ones: delivery time to
 * every connection. On an API process of its own, memory per connection = the growth of its resident memory
 * (after a full collection, see `kept`) from half the connections to all of them, divided by the
 * connections added (start-up and first-use costs cancel out).
 */
export const wsFanout: Benchmark = {
  name: 'websocket',
  async run(context) {
    const connections = context.smoke ? 20 : 2000;
    const events = context.smoke ? 5 : 100;
    // The smoke run only exercises the code: the shared API spares it a second start-up.
    const api = context.smoke ? await context.api() : await context.isolatedApi();
    const sockets: ChatSocket[] = [];
    const settle = () => new Promise((resolve) => setTimeout(resolve, context.smoke ? 0 : SETTLE_MS));
    try {
      const session = await new ApiClient(api).newSession('fanout');
      const connect = () => connectChatSocket(api, session.token);
      const half = Math.floor(connections / 2);
      // The first collection frees start-up's buffers, and the system gets their pages back over seconds
      // after it: done now, that happens before the first reading instead of between the two.
      await kept(api);
      await settle();
      context.log(`opening ${connections} websocket connections`);
      const started = performance.now();
      sockets.push(...(await connectMany(half, connect)));
      await settle();
      const uncollectedAtHalf = await residentKiB(api.pid);
      const atHalf = await kept(api);
      sockets.push(...(await connectMany(connections - half, connect)));
      const connectSeconds = (performance.now() - started) / 1000;
      await settle();
      const uncollectedAtFull = await residentKiB(api.pid);
      const atFull = await kept(api);

      context.log(`publishing ${events} events to ${connections} connections`);
      const { latencies, missed } = await fanOut(api, sockets, events);
      const delivery = summarize(latencies);
      const perConnection = (atFull.residentKiB - atHalf.residentKiB) / (connections - half);
      return {
        rows: [
          fanOutRow(connections, delivery, missed),
          { figure: '  API memory per connection', unit: 'KiB', n: connections, median: perConnection },
        ],
        details: {
          connections,
          events,
          missed,
          connectSeconds,
          residentKiB: { atHalf: atHalf.residentKiB, atFull: atFull.residentKiB },
          // The JavaScript heap's share of the row: exact, where resident memory moves by whole pages.
          heapKiBPerConnection: (atFull.heapKiB - atHalf.heapKiB) / (connections - half),
          // The row's reading without a collection, as it was read before `kept`.
          uncollectedResidentKiB: { atHalf: uncollectedAtHalf, atFull: uncollectedAtFull },
          delivery,
        },
      };
    } finally {
      for (const socket of sockets) socket.close();
      if (!context.smoke) await api.stop();
    }
  },
};
