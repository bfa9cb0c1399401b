import { randomUUID } from 'node:crypto';
import type { ApiServer } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { load } from '../lib/load';
import type { Row } from '../lib/report';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const CONNECTIONS = 50;
const SEARCH_TARGET_P99 = 50;
const MENTION_TARGET_RATIO = 1.1;
const AROUND_TARGET_MS = 300;

type Database = 'embedded' | 'PostgreSQL';

/** Search, a send with a mention against one without, and opening a room 10,000 messages back. */
async function measure(context: BenchContext, api: ApiServer, database: Database) {
  const label = database === 'embedded' ? '' : ` [${database}]`;
  const seconds = context.smoke ? 1 : 10;
  const roomSize = context.smoke ? 200 : 100_000;
  const back = context.smoke ? 100 : 10_000;
  const opens = context.smoke ? 3 : 30;
  const client = await context.client(api);
  const session = await client.newSession('search');
  const other = await client.newSession('mentioned');

  // Search: a room of `roomSize` seeded messages `history 1` … `history N`, each request a random number
  // whose last word is a prefix (`4711` also finds `47110`…`47119`): a handful of matches among the room's.
  context.log(`${database}: seeding a ${roomSize}-message room`);
  const bigRoom = await client.createRoom(session, `${roomSize} messages, searched`);
  const seeded = await client.seedMessages(session, bigRoom.id, roomSize);
  const searchUrl = new URL(`chatrooms/${bigRoom.id}/messages/search`, api.url);
  const randomQuery = () => `?q=${encodeURIComponent(`history ${1 + Math.floor(Math.random() * roomSize)}`)}`;
  const sample = await fetch(
    new URL(`chatrooms/${bigRoom.id}/messages/search?q=history%20${Math.ceil(roomSize / 2)}`, api.url),
    {
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
    },
  );
  const sampleResults = ((await sample.json()) as { results: unknown[] }).results.length;
  context.log(
    `${database}: search, ${CONNECTIONS} connections, ${seconds} s (a sample found ${sampleResults})`,
  );
  const search = await load({
    url: `${searchUrl.href}${randomQuery()}`,
    path: () => `${searchUrl.pathname}${randomQuery()}`,
    method: 'GET',
    token: session.token,
    connections: CONNECTIONS,
    duration: seconds,
  });

  // A send naming a member against one naming nobody, alternately in halves, in one room of two members.
  context.log(`${database}: POST with and without a mention, ${CONNECTIONS} connections, 2 × ${seconds} s`);
  const sendRoom = await client.createRoom(session, 'Mentions load');
  await client.join(other, sendRoom.id);
  const postUrl = new URL(`chatrooms/${sendRoom.id}/messages`, api.url).href;
  const plainBody = () => JSON.stringify({ content: `load ${randomUUID()}` });
  const mentionBody = () => JSON.stringify({ content: `@${other.username} load ${randomUUID()}` });
  const plainLatencies: number[] = [];
  const mentionLatencies: number[] = [];
  let plainOk = 0;
  let mentionOk = 0;
  let failures = 0;
  for (let half = 0; half < 2; half++) {
    for (const [body, latencies] of [
      [plainBody, plainLatencies],
      [mentionBody, mentionLatencies],
    ] as const) {
      const run = await load({
        url: postUrl,
        method: 'POST',
        token: session.token,
        body,
        connections: CONNECTIONS,
        // Smoke: long enough that both kinds get answers.
        duration: context.smoke ? 1 : seconds / 2,
        latencies,
      });
      failures += run.failures;
      if (body === plainBody) plainOk += run.throughput / 2;
      else mentionOk += run.throughput / 2;
    }
  }
  const plain = summarize(plainLatencies);
  const mention = summarize(mentionLatencies);
  const ratio = plainOk > 0 && mentionOk > 0 ? plainOk / mentionOk : Number.NaN;

  // Opening the big room at a message `back` messages from the newest (a search result, where one left off),
  // one request at a time as a reader opens a room, against opening it at its newest page.
  context.log(`${database}: open ${back} messages back with around_id, ${opens} times`);
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.json();
    return performance.now() - started;
  };
  const aroundTimes: number[] = [];
  const newestTimes: number[] = [];
  for (let i = 0; i < opens; i++) {
    const target = seeded.last_id - back - i;
    aroundTimes.push(
      await timed(new URL(`chatrooms/${bigRoom.id}/messages?around_id=${target}`, api.url).href),
    );
    newestTimes.push(await timed(new URL(`chatrooms/${bigRoom.id}/messages`, api.url).href));
  }
  const around = summarize(aroundTimes);
  const newest = summarize(newestTimes);

  const rows: Row[] = [
    {
      figure: `API search (${seeded.count} msgs, ${CONNECTIONS} conn.)${label}`,
      unit: 'ms',
      n: search.requests,
      median: search.latency.median,
      p95: search.latency.p95,
      p99: search.latency.p99,
      target: `p99 ≤ ${SEARCH_TARGET_P99}`,
      met: search.latency.p99 <= SEARCH_TARGET_P99 && search.failures === 0,
    },
    { figure: `  search throughput${label}`, unit: 'req/s', n: search.requests, median: search.throughput },
    {
      figure: `API POST with a mention: latency${label}`,
      unit: 'ms',
      n: mention.n,
      median: mention.median,
      p95: mention.p95,
      p99: mention.p99,
    },
    {
      figure: `  without a mention: latency${label}`,
      unit: 'ms',
      n: plain.n,
      median: plain.median,
      p95: plain.p95,
      p99: plain.p99,
    },
    {
      figure: `  throughput without ÷ with a mention${label}`,
      unit: '×',
      n: mention.n + plain.n,
      median: Number(ratio.toFixed(3)),
      target: `≤ ${MENTION_TARGET_RATIO}`,
      met: Number.isFinite(ratio) && ratio <= MENTION_TARGET_RATIO && failures === 0,
    },
    {
      figure: `API open ${back} msgs back (around_id)${label}`,
      unit: 'ms',
      n: around.n,
      median: around.median,
      p95: around.p95,
      p99: around.p99,
      target: `< ${AROUND_TARGET_MS}`,
      met: around.max < AROUND_TARGET_MS,
    },
    {
      figure: `  open at the newest page${label}`,
      unit: 'ms',
      n: newest.n,
      median: newest.median,
      p95: newest.p95,
      p99: newest.p99,
      target: `< ${AROUND_TARGET_MS}`,
      met: newest.max < AROUND_TARGET_MS,
    },
    {
      figure: `  answers not 2xx${label}`,
      unit: 'req',
      n: search.requests + mention.n + plain.n,
      median: search.failures + failures,
      target: '0',
      met: search.failures + failures === 0,
    },
  ];
  return {
    rows,
    details: { seeded, search, sampleResults, plain, mention, plainOk, mentionOk, ratio, around, newest },
  };
}

/**
 * Issue 21's rows: search in a 100,000-message room, a send with a mention against one without, and opening
 * a room 10,000 messages back (around_id). On the embedded database always; on PostgreSQL too when
 * BENCH_DATABASE_URL is set.
 */
export const apiSearch: Benchmark = {
  name: 'search',
  async run(context) {
    const embedded = await measure(context, await context.api(), 'embedded');
    const postgresApi = await context.postgresApi();
    if (!postgresApi) return { rows: embedded.rows, details: { embedded: embedded.details } };
    const postgres = await measure(context, postgresApi, 'PostgreSQL');
    return {
      rows: [...embedded.rows, ...postgres.rows],
      details: { embedded: embedded.details, postgres: postgres.details },
    };
  },
};
