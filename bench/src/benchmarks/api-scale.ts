import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiServer } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { latencyRow, load } from '../lib/load';
import { throwawaySchema } from '../lib/postgres';
import type { Row } from '../lib/report';
import { benchTopology, ScaleServices, skippedRow, soketiUnavailable, startScaledApi } from '../lib/scale';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const CONNECTIONS = 50;
const FIGURE = 'API POST message [PostgreSQL';

interface Post {
  label: string;
  throughput: number;
  requests: number;
  failures: number;
  latency: ReturnType<typeof summarize>;
}

/** autocannon on each of `urls` at once, the connections shared out: one throughput, one latency spread. */
async function postLoad(
  context: BenchContext,
  api: ApiServer,
  label: string,
  apiUrls = [api.url],
): Promise<Post> {
  const client = await context.client(api);
  const session = await client.newSession('scale');
  const room = await client.createRoom(session, `POST load ${label}`);
  context.log(`POST a message, ${label}, ${CONNECTIONS} connections`);
  const latencies: number[] = [];
  const runs = await Promise.all(
    apiUrls.map((url) =>
      load({
        url: new URL(`chatrooms/${room.id}/messages`, url).href,
        method: 'POST',
        token: session.token,
        body: () => JSON.stringify({ content: `load ${randomUUID()}` }),
        connections: CONNECTIONS / apiUrls.length,
        duration: context.smoke ? 1 : 10,
        latencies,
      }),
    ),
  );
  return {
    label,
    throughput: runs.reduce((sum, run) => sum + run.throughput, 0),
    requests: latencies.length,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    latency: summarize(latencies),
  };
}

const rowsOf = (post: Post): Row[] => [
  {
    figure: `${FIGURE}, ${post.label}]: throughput`,
    unit: 'msg/s',
    n: post.requests,
    median: post.throughput,
  },
  {
    ...latencyRow(`  latency [${post.label}]`, post),
  },
  { figure: `  answers not 2xx [${post.label}]`, unit: 'req', n: post.requests, median: post.failures },
];

const ratioRow = (figure: string, scaled: Post, single: Post): Row => ({
  figure: `  ratio ${figure}`,
  unit: '×',
  n: scaled.requests + single.requests,
  median: scaled.throughput / single.throughput,
});

/**
 * The write path past one process: POST a message (autocannon, 50 connections, 10 s) on PostgreSQL against
 * one API process with the embedded websocket, one publishing to Soketi, and `pnpm start:scale`'s two
 * processes publishing to two Soketi nodes, through nginx (as a browser reaches them) and straight to
 * each process (25 connections each: what the processes give without nginx in the way). Each on a fresh schema of BENCH_DATABASE_URL; everything shares the two cores.
 */
export const apiScale: Benchmark = {
  name: 'api-scale',
  async run(context) {
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) return { rows: [skippedRow(`${FIGURE}, 2 processes]`, 'needs BENCH_DATABASE_URL')] };
    const unavailable = soketiUnavailable(context.smoke, context.log);
    if (unavailable) return { rows: [skippedRow(`${FIGURE}, 2 processes]`, unavailable)] };

    const embeddedApi = await context.postgresApi();
    if (!embeddedApi) throw new Error('BENCH_DATABASE_URL is set but no API started on it');
    const embedded = await postLoad(context, embeddedApi, '1 process, embedded websocket');

    const services = new ScaleServices();
    const posts: Post[] = [embedded];
    try {
      const secret = randomBytes(24).toString('hex');
      await services.redisAndSoketi(benchTopology(context.ports, secret), 2);
      for (const count of [1, 2]) {
        const schema = await throwawaySchema(databaseUrl);
        try {
          const topology = benchTopology(context.ports, secret, schema.url);
          const { server, ports } = await startScaledApi(
            services,
            topology,
            count,
            context.ports.scale.nginx,
          );
          if (count === 1) posts.push(await postLoad(context, server, '1 process → Soketi'));
          else {
            posts.push(await postLoad(context, server, '2 processes → 2 Soketi, nginx'));
            const direct = ports.map((port) => `http://localhost:${port}/api/`);
            posts.push(await postLoad(context, server, '2 processes → 2 Soketi, direct', direct));
          }
          await server.stop();
        } finally {
          await schema.drop();
        }
      }
    } finally {
      await services.stop();
    }
    const [, soketi, balanced, direct] = posts as [Post, Post, Post, Post];
    return {
      rows: [
        ...posts.flatMap(rowsOf),
        ratioRow('2 processes (nginx) ÷ 1 process → Soketi', balanced, soketi),
        ratioRow('2 processes (direct) ÷ 1 process → Soketi', direct, soketi),
        ratioRow('2 processes (nginx) ÷ 1 process, embedded websocket', balanced, embedded),
      ],
      details: { connections: CONNECTIONS, posts },
    };
  },
};
