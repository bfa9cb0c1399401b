// `pnpm start:scale`: the app past one process, on one machine, at `pnpm start`'s addresses. PostgreSQL
// (Debian's cluster), a Redis of its own, two Soketi nodes sharing it, two API processes, the shell's server,
// nginx in front of them all (ops/nginx/: it serves the remotes' builds itself) and a Prometheus scraping
// the API processes, the nodes and the shell.
// Ctrl-C stops everything it started (PostgreSQL is the machine's service and keeps running). README.md,
// "Past one process", says what runs where.
// SCALE_DATABASE_URL: use that PostgreSQL instead. SCALE_FRESH=1: recreate the local database and empty the
// data folder. SCALE_LAYOUT: other ports (scripts/scale/layout.ts).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildMissing } from '../build-missing';
import { layoutFromEnv, localOrigin } from './layout';
import { topologyNginxSpec } from './nginx';
import { prometheusSpec } from './prometheus';
import { controlServer } from './rolling-restart';
import { scaleSecrets } from './secrets';
import { Supervisor } from './services';
import { installSoketi } from './soketi';
import {
  apiName,
  apiSpec,
  describeTopology,
  redisSpec,
  repoRoot,
  shellServerSpec,
  soketiName,
  soketiSpec,
  type Topology,
} from './topology';

const layout = layoutFromEnv();
const fresh = process.env.SCALE_FRESH === '1';
const log = (line: string) => console.log(`\x1b[1m[scale]\x1b[0m ${line}`);

buildMissing();
installSoketi(log);

function databaseUrl(): string {
  if (process.env.SCALE_DATABASE_URL) return process.env.SCALE_DATABASE_URL;
  const args = [
    join(repoRoot, 'scripts/scale/prepare-host.sh'),
    layout.database,
    ...(fresh ? ['--recreate'] : []),
  ];
  const output = execFileSync('bash', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return output.trim().split('\n').at(-1) ?? '';
}
if (fresh) rmSync(join(repoRoot, layout.dataDir), { recursive: true, force: true });
const topology: Topology = {
  layout,
  databaseUrl: databaseUrl(),
  secrets: scaleSecrets(join(repoRoot, layout.dataDir)),
};

let exiting: Promise<void> | null = null;
const supervisor = new Supervisor((name) => {
  console.error(`[scale] ${name} stopped on its own: stopping everything`);
  void shutdown(1);
});
/** Stops every service, last started first, then exits; later calls wait for the first. */
function shutdown(code: number): Promise<void> {
  exiting ??= supervisor.stopAll().then(() => process.exit(code));
  return exiting;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

try {
  await supervisor.start(redisSpec(topology));
  await supervisor.startAll(layout.soketiNodes.map((_, index) => soketiSpec(topology, index)));
  // One after the other: the first migrates the database and seeds the demo users, alone.
  for (const [index] of layout.apiProcesses.entries()) {
    const seed = index === 0 ? (process.env.SEED_DEMO_USERS ?? 'true') : 'false';
    await supervisor.start(apiSpec(topology, index, { SEED_DEMO_USERS: seed }));
  }
  // Before the shell's server, which reads the remotes' manifests (their versions) through it at start.
  await supervisor.start(topologyNginxSpec(topology));
  await supervisor.start(shellServerSpec(topology));
  if (layout.prometheus) await supervisor.start(prometheusSpec(topology));
  describeTopology(topology);
  const deployOrder = [
    ...layout.apiProcesses.map((_, index) => apiName(index)),
    ...layout.soketiNodes.map((_, index) => soketiName(index)),
  ];
  controlServer(layout.control, supervisor, deployOrder, log).unref();
} catch (error) {
  console.error(`[scale] ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
if (exiting) await exiting;

const ports = (list: number[]) => list.map((port) => `:${port}`).join(' + ');
log(`the app: ${localOrigin(layout.frontEnds.shell)} (demo / password)`);
log(`nginx (ops/nginx/): the shell → its server :${layout.shellServer}; the remotes' builds as files`);
log(`API ${localOrigin(layout.api)} → API processes ${ports(layout.apiProcesses)}`);
log(`websocket ws://localhost:${layout.websocket} → Soketi ${ports(layout.soketiNodes.map((n) => n.port))}`);
log(`rolling restart (API processes, then Soketi nodes, one at a time): pnpm scale:restart`);
if (layout.prometheus) {
  const every = `${layout.prometheus.scrapeIntervalSeconds} s`;
  log(
    `Prometheus http://127.0.0.1:${layout.prometheus.port} (API processes and Soketi nodes, every ${every})`,
  );
}
log(`Redis :${layout.redis}; PostgreSQL ${topology.databaseUrl.replace(/:[^:@/]+@/, ':***@')}`);
log('Ctrl-C stops everything.');
