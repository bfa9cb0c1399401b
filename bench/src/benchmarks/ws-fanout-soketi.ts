import { ApiClient, type ApiServer } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { residentKiB } from '../lib/processes';
import { type ChatSocket, connectChatSocket, connectMany } from '../lib/pusher-clients';
import type { Row } from '../lib/report';
import { benchTopology, onSoketiNode, ScaleServices, skippedRow, soketiUnavailable } from '../lib/scale';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';
import { fanOut, fanOutRow } from './ws-fanout';

const SETTLE_MS = 2_000;

/**
 * The websocket row's clients and events against Soketi 1.6 (`pnpm start:scale`'s websocket), measured in
 * the same run, right after the embedded server's row: one node, then two nodes sharing Redis with the
 * clients split between them and every event published to the first (so half the deliveries cross Redis).
 * The clients authorise on the run's API, whose secret Soketi is given. Memory per connection = the growth
 * of the nodes' resident memory from half the connections to all of them, per connection added.
 */
async function measure(context: BenchContext, api: ApiServer, nodes: number) {
  const connections = context.smoke ? 20 : 2000;
  const events = context.smoke ? 5 : 100;
  const label = nodes === 1 ? 'Soketi, 1 node' : `Soketi, ${nodes} nodes + Redis`;
  const topology = benchTopology(context.ports, api.websocket.secret);
  const services = new ScaleServices();
  const sockets: ChatSocket[] = [];
  const settle = () => new Promise((resolve) => setTimeout(resolve, context.smoke ? 0 : SETTLE_MS));
  try {
    const soketi = await services.redisAndSoketi(topology, nodes);
    const memory = async () => {
      const readings = await Promise.all(soketi.map((node) => residentKiB(node.pid)));
      return readings.reduce((sum, kib) => sum + kib, 0);
    };
    const session = await new ApiClient(api).newSession('fanout');
    let opened = 0;
    const connect = () => connectChatSocket(onSoketiNode(api, topology, opened++ % nodes), session.token);
    const half = Math.floor(connections / 2);
    context.log(`${label}: opening ${connections} websocket connections`);
    const started = performance.now();
    sockets.push(...(await connectMany(half, connect)));
    await settle();
    const atHalf = await memory();
    sockets.push(...(await connectMany(connections - half, connect)));
    const connectSeconds = (performance.now() - started) / 1000;
    await settle();
    const atFull = await memory();

    context.log(`${label}: publishing ${events} events to ${connections} connections`);
    const { latencies, missed } = await fanOut(onSoketiNode(api, topology, 0), sockets, events);
    const delivery = summarize(latencies);
    const rows: Row[] = [
      fanOutRow(connections, delivery, missed, label),
      {
        figure: `  Soketi memory per connection [${label}]`,
        unit: 'KiB',
        n: connections,
        median: (atFull - atHalf) / (connections - half),
      },
    ];
    return {
      rows,
      details: { nodes, connections, events, missed, connectSeconds, atHalf, atFull, delivery },
    };
  } finally {
    for (const socket of sockets) socket.close();
    await services.stop();
  }
}

export const wsFanoutSoketi: Benchmark = {
  name: 'websocket-soketi',
  async run(context) {
    const unavailable = soketiUnavailable(context.smoke, context.log);
    if (unavailable) return { rows: [skippedRow('websocket fan-out [Soketi]', unavailable)] };
    const api = await context.api();
    const one = await measure(context, api, 1);
    const two = await measure(context, api, 2);
    return { rows: [...one.rows, ...two.rows], details: { oneNode: one.details, twoNodes: two.details } };
  },
};
