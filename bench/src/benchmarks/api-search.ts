import { randomUUID } from 'node:crypto';
import { ApiClient, type ApiServer, type Session } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { latencyRow, load } from '../lib/load';
import type { Row } from '../lib/report';
import { embeddedFixtureApi, type FixtureApi, postgresFixtureApi } from '../lib/search-fixture';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const SEARCH_TARGET_P99 = 50;
const SEND_UNDER_SEARCH_TARGET = 2;
const MENTION_TARGET_RATIO = 0.9;
const AROUND_TARGET_MS = 300;
const CONNECTIONS = 10;
const MENTION_CONNECTIONS = 50;

type Database = 'embedded' | 'PostgreSQL';

const pick = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** The kinds of search of issue 28, over the fixture's vocabulary (lib/search-fixture): a `q` per request. */
const searchKinds = (roomSize: number): { name: string; q: () => string }[] => [
  { name: 'a rare word (scarce)', q: () => 'scarce' },
  { name: 'a word in all + a rare prefix (history 4711)', q: () => `history ${pick(1, roomSize)}` },
  { name: 'a word in 1 % (hundredth)', q: () => 'hundredth' },
  { name: 'a word in 10 % (tenth)', q: () => 'tenth' },
  { name: 'a two-letter prefix (47)', q: () => String(pick(10, 99)) },
  { name: 'a quoted phrase ("tenth hundredth")', q: () => '"tenth hundredth"' },
];

async function measure(context: BenchContext, fixture: FixtureApi, database: Database) {
  const { api, info } = fixture;
  const label = database === 'embedded' ? '' : ` [${database}]`;
  const seconds = context.smoke ? 0.5 : 10;
  const client = new ApiClient(api);
  const session = await client.signIn(info.username);
  const searchPath = (q: string) =>
    `/api/chatrooms/${info.bigRoomId}/messages/search?q=${encodeURIComponent(q)}`;
  const searchUrl = new URL(searchPath('history'), api.origin).href;
  const searchLoad = (q: () => string, connections: number, duration: number) =>
    load({
      url: searchUrl,
      path: () => searchPath(q()),
      method: 'GET',
      token: session.token,
      connections,
      duration,
    });
  const rows: Row[] = [];
  let failures = 0;
  const room = `${info.bigRoomSize} of ${info.messages} msgs`;

  // One searcher at a time, each kind: what one search costs, queueing aside.
  for (const kind of searchKinds(info.bigRoomSize)) {
    context.log(`${database}: search, ${kind.name}, 1 connection`);
    const run = await searchLoad(kind.q, 1, seconds / 2);
    failures += run.failures;
    rows.push({
      ...latencyRow(`API search ${kind.name}, 1 conn.${label}`, run),
      target: `p99 ≤ ${SEARCH_TARGET_P99}`,
      met: run.latency.p99 <= SEARCH_TARGET_P99 && run.failures === 0,
    });
  }
  const todays = searchKinds(info.bigRoomSize)[1] as { q: () => string };
  context.log(`${database}: search (history N), ${CONNECTIONS} connections`);
  const busy = await searchLoad(todays.q, CONNECTIONS, seconds);
  failures += busy.failures;
  rows.push(
    {
      ...latencyRow(`API search (${room}, ${CONNECTIONS} conn.)${label}`, busy),
      target: `p99 ≤ ${SEARCH_TARGET_P99}`,
      met: busy.latency.p99 <= SEARCH_TARGET_P99 && busy.failures === 0,
    },
    { figure: `  search throughput${label}`, unit: 'req/s', n: busy.requests, median: busy.throughput },
  );

  const other = await client.newSession('mentioned');
  rows.push(...(await sendsUnderSearch(context, client, session, { database, label, seconds })));
  rows.push(...(await mentionRows(context, client, session, other, { database, label, seconds })));
  rows.push(...(await aroundRows(context, api, session, info, { database, label })));
  rows.push({
    figure: `  search answers not 2xx${label}`,
    unit: 'req',
    n: rows.reduce((sum, row) => sum + (row.unit === 'ms' ? row.n : 0), 0),
    median: failures,
    target: '0',
    met: failures === 0,
  });
  return rows;

  /**
   * Sends at CONNECTIONS connections alone, then with as many connections searching (today's case) all the
   * while: the embedded database's one thread is shared, and the send must win it.
   */
  async function sendsUnderSearch(
    context: BenchContext,
    client: ApiClient,
    session: Session,
    run: { database: Database; label: string; seconds: number },
  ): Promise<Row[]> {
    const sendRoom = await client.createRoom(session, 'Sends under search');
    const postUrl = new URL(`chatrooms/${sendRoom.id}/messages`, api.url).href;
    const body = () => JSON.stringify({ content: `load ${randomUUID()}` });
    const send = () =>
      load({
        url: postUrl,
        method: 'POST',
        token: session.token,
        body,
        connections: CONNECTIONS,
        duration: run.seconds,
      });
    context.log(`${run.database}: POST, ${CONNECTIONS} connections, alone`);
    const alone = await send();
    context.log(`${run.database}: POST, ${CONNECTIONS} connections, while ${CONNECTIONS} more search`);
    const [underSearch, searching] = await Promise.all([
      send(),
      searchLoad(todays.q, CONNECTIONS, run.seconds),
    ]);
    const ratio = underSearch.latency.p99 / alone.latency.p99;
    const ok = alone.failures + underSearch.failures + searching.failures === 0;
    return [
      {
        ...latencyRow(`API POST, ${CONNECTIONS} conn., no search running${run.label}`, alone),
      },
      {
        ...latencyRow(`  while ${CONNECTIONS} conn. search${run.label}`, underSearch),
      },
      {
        figure: `  POST p99 under search ÷ alone${run.label}`,
        unit: '×',
        n: alone.requests + underSearch.requests,
        median: Number(ratio.toFixed(3)),
        target: `≤ ${SEND_UNDER_SEARCH_TARGET}`,
        met: ratio <= SEND_UNDER_SEARCH_TARGET && ok,
      },
      {
        ...latencyRow(`  the searches meanwhile${run.label}`, searching),
      },
    ];
  }
}

/** A send naming a member against one naming nobody, alternately in halves, in one room of two members. */
async function mentionRows(
  context: BenchContext,
  client: ApiClient,
  session: Session,
  other: Session,
  run: { database: Database; label: string; seconds: number },
): Promise<Row[]> {
  context.log(`${run.database}: POST with and without a mention, ${MENTION_CONNECTIONS} connections`);
  const sendRoom = await client.createRoom(session, 'Mentions load');
  await client.join(other, sendRoom.id);
  const postUrl = new URL(`chatrooms/${sendRoom.id}/messages`, client.api.url).href;
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
      const result = await load({
        url: postUrl,
        method: 'POST',
        token: session.token,
        body,
        connections: MENTION_CONNECTIONS,
        // Smoke: long enough that both kinds get answers.
        duration: context.smoke ? 1 : run.seconds / 2,
        latencies,
      });
      failures += result.failures;
      if (body === plainBody) plainOk += result.throughput / 2;
      else mentionOk += result.throughput / 2;
    }
  }
  const plain = summarize(plainLatencies);
  const mention = summarize(mentionLatencies);
  const ratio = plainOk > 0 && mentionOk > 0 ? mentionOk / plainOk : Number.NaN;
  return [
    {
      figure: `API POST with a mention: latency${run.label}`,
      unit: 'ms',
      n: mention.n,
      median: mention.median,
      p95: mention.p95,
      p99: mention.p99,
    },
    {
      figure: `  without a mention: latency${run.label}`,
      unit: 'ms',
      n: plain.n,
      median: plain.median,
      p95: plain.p95,
      p99: plain.p99,
    },
    {
      figure: `  throughput with ÷ without a mention${run.label}`,
      unit: '×',
      n: mention.n + plain.n,
      median: Number(ratio.toFixed(3)),
      target: `≥ ${MENTION_TARGET_RATIO}`,
      met: Number.isFinite(ratio) && ratio >= MENTION_TARGET_RATIO && failures === 0,
    },
  ];
}

/**
 * Opening the big room at a message `back` messages from the newest (a search result, where one left off),
 * one request at a time as a reader opens a room, against opening it at its newest page. The fixture seeds
 * the big room's last quarter in one batch, so its last 10,000 ids are its own.
 */
async function aroundRows(
  context: BenchContext,
  api: ApiServer,
  session: Session,
  info: { bigRoomId: number; bigRoomLastId: number },
  run: { database: Database; label: string },
): Promise<Row[]> {
  const back = context.smoke ? 50 : 10_000;
  const opens = context.smoke ? 3 : 30;
  context.log(`${run.database}: open ${back} messages back with around_id, ${opens} times`);
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
    const target = info.bigRoomLastId - back - i;
    aroundTimes.push(
      await timed(new URL(`chatrooms/${info.bigRoomId}/messages?around_id=${target}`, api.url).href),
    );
    newestTimes.push(await timed(new URL(`chatrooms/${info.bigRoomId}/messages`, api.url).href));
  }
  const around = summarize(aroundTimes);
  const newest = summarize(newestTimes);
  return [
    {
      figure: `API open ${back} msgs back (around_id)${run.label}`,
      unit: 'ms',
      n: around.n,
      median: around.median,
      p95: around.p95,
      p99: around.p99,
      target: `< ${AROUND_TARGET_MS}`,
      met: around.max < AROUND_TARGET_MS,
    },
    {
      figure: `  open at the newest page${run.label}`,
      unit: 'ms',
      n: newest.n,
      median: newest.median,
      p95: newest.p95,
      p99: newest.p99,
      target: `< ${AROUND_TARGET_MS}`,
      met: newest.max < AROUND_TARGET_MS,
    },
  ];
}

/**
 * Issue 28's rows (and issue 21's around_id): each kind of search in a 100,000-message room of a
 * 1,000,000-message database, one searcher and ten; a send while ten connections search against one alone; a
 * send with a mention against one without. On the embedded database always; on PostgreSQL too when
 * BENCH_DATABASE_URL is set. Each database serves a copy of a fixture built once (lib/search-fixture).
 */
export const apiSearch: Benchmark = {
  name: 'search',
  async run(context) {
    const rows: Row[] = [];
    for (const [database, start] of [
      ['embedded', embeddedFixtureApi],
      ['PostgreSQL', postgresFixtureApi],
    ] as const) {
      const fixture = await start(context);
      if (!fixture) continue;
      try {
        rows.push(...(await measure(context, fixture, database)));
      } finally {
        await fixture.stop();
      }
    }
    return { rows };
  },
};
