import { randomUUID } from 'node:crypto';
import type { ApiServer } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { latencyRow, load } from '../lib/load';
import type { Row } from '../lib/report';
import type { Benchmark } from './benchmark';

const CONNECTIONS = 50;
const POST_TARGET = { throughput: 2000, p99: 50 };
const GET_TARGET_P99 = 20;

const messageBody = () => JSON.stringify({ content: `load ${randomUUID()}` });

type Database = 'embedded' | 'PostgreSQL';

/** POST then GET against one API process. */
async function measure(context: BenchContext, api: ApiServer, database: Database) {
  // The embedded database's rows keep their names; PostgreSQL's say so.
  const label = database === 'embedded' ? '' : ` [${database}]`;
  const seconds = context.smoke ? 1 : 10;
  const roomSize = context.smoke ? 100 : 10_000;
  const client = await context.client(api);
  const session = await client.newSession('load');
  const messagesUrl = (roomId: number) => new URL(`chatrooms/${roomId}/messages`, api.url).href;

  context.log(`${database}: POST a message, ${CONNECTIONS} connections, ${seconds} s`);
  const postRoom = await client.createRoom(session, 'POST load');
  const post = await load({
    url: messagesUrl(postRoom.id),
    method: 'POST',
    token: session.token,
    body: messageBody,
    connections: CONNECTIONS,
    duration: seconds,
  });

  // Seeded in one statement by the test endpoint: the GET reads a room of exactly this size, whatever the
  // POST rate of the machine.
  context.log(`${database}: seeding a ${roomSize}-message room`);
  const bigRoom = await client.createRoom(session, `${roomSize} messages`);
  const seeded = await client.seedMessages(session, bigRoom.id, roomSize);

  context.log(`${database}: GET the newest page, ${CONNECTIONS} connections, ${seconds} s`);
  const get = await load({
    url: messagesUrl(bigRoom.id),
    method: 'GET',
    token: session.token,
    connections: CONNECTIONS,
    duration: seconds,
  });

  const rows: Row[] = [
    {
      figure: `API POST message: throughput${label}`,
      unit: 'msg/s',
      n: post.requests,
      median: post.throughput,
      target: `≥ ${POST_TARGET.throughput}`,
      met: post.throughput >= POST_TARGET.throughput && post.failures === 0,
    },
    {
      ...latencyRow(`API POST message: latency${label}`, post),
      target: `p99 ≤ ${POST_TARGET.p99}`,
      met: post.latency.p99 <= POST_TARGET.p99,
    },
    {
      ...latencyRow(`API GET newest page (${seeded.count} msgs)${label}`, get),
      target: `p99 ≤ ${GET_TARGET_P99}`,
      met: get.latency.p99 <= GET_TARGET_P99 && get.failures === 0,
    },
    { figure: `  GET throughput${label}`, unit: 'req/s', n: get.requests, median: get.throughput },
    {
      // Only 2xx answers count as throughput; anything else (a 429 from the throttle, a 5xx, a timeout)
      // is counted here, by status in the JSON (`non2xx`).
      figure: `  answers not 2xx${label}`,
      unit: 'req',
      n: post.requests + get.requests,
      median: post.failures + get.failures,
      target: '0',
      met: post.failures + get.failures === 0,
    },
  ];
  return { rows, details: { post, seeded, get } };
}

/**
 * autocannon on loopback, 50 connections: posting messages, and reading the newest page of a 10,000-message
 * room. On the embedded database always; on PostgreSQL too (a second set of rows) when BENCH_DATABASE_URL
 * is set.
 */
export const apiHttp: Benchmark = {
  name: 'api',
  async run(context) {
    const embedded = await measure(context, await context.api(), 'embedded');
    const postgresApi = await context.postgresApi();
    if (!postgresApi) return { rows: embedded.rows, details: { ...embedded.details, database: 'embedded' } };
    const postgres = await measure(context, postgresApi, 'PostgreSQL');
    return {
      rows: [...embedded.rows, ...postgres.rows],
      details: { ...embedded.details, database: 'embedded', postgres: postgres.details },
    };
  },
};
