// `pnpm bench`: every benchmark of issue 6, side by side where there is a comparison, one table, and
// bench/results/latest.json. `--smoke`: the same code with tiny counts (bench/results/smoke.json).
// `--only a,b`: a subset, by name (build, first-load, cold-load, lighthouse, repeat-visit, first-screen, phone-levers, api, search,
// api-scale, websocket, websocket-soketi, send-to-visible, big-room, reactions, room-switch, rooms-panel, rich-text),
// written to bench/results/partial.json.
import { parseArgs } from 'node:util';
import { apiHttp } from './benchmarks/api-http';
import { apiScale } from './benchmarks/api-scale';
import { apiSearch } from './benchmarks/api-search';
import type { Benchmark } from './benchmarks/benchmark';
import { bigRoom } from './benchmarks/big-room';
import { build } from './benchmarks/build';
import { coldLoadBenchmark } from './benchmarks/cold-load';
import { firstLoadJs } from './benchmarks/first-load-js';
import { firstScreen } from './benchmarks/first-screen';
import { lighthouseBenchmark } from './benchmarks/lighthouse';
import { phoneLevers } from './benchmarks/phone-levers';
import { reactions } from './benchmarks/reactions';
import { repeatVisit } from './benchmarks/repeat-visit';
import { richText } from './benchmarks/rich-text';
import { roomSwitch } from './benchmarks/room-switch';
import { roomsPanel } from './benchmarks/rooms-panel';
import { sendToVisible } from './benchmarks/send-to-visible';
import { wsFanout } from './benchmarks/ws-fanout';
import { wsFanoutSoketi } from './benchmarks/ws-fanout-soketi';
import { BenchContext } from './lib/context';
import { stopAllOnExit } from './lib/processes';
import { type BenchmarkResult, renderTable, writeResults } from './lib/report';
import { reexecOnTwoCores } from './lib/two-cores';

const benchmarks: Benchmark[] = [
  build,
  firstLoadJs,
  coldLoadBenchmark,
  lighthouseBenchmark,
  repeatVisit,
  firstScreen,
  phoneLevers,
  apiHttp,
  apiSearch,
  apiScale,
  wsFanout,
  wsFanoutSoketi,
  sendToVisible,
  bigRoom,
  reactions,
  roomSwitch,
  roomsPanel,
  richText,
];

const { values } = parseArgs({
  options: { smoke: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = values.only?.split(',');
const unknown = only?.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
if (unknown?.length) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; expected ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

const pinnedStatus = reexecOnTwoCores();
if (pinnedStatus !== null) process.exit(pinnedStatus);

stopAllOnExit();
const started = performance.now();
const log = (line: string) =>
  console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);
const context = new BenchContext(values.smoke, log);
const results: Record<string, BenchmarkResult> = {};
const failures: string[] = [];
try {
  for (const benchmark of benchmarks.filter((b) => !only || only.includes(b.name))) {
    try {
      results[benchmark.name] = await benchmark.run(context);
    } catch (error) {
      failures.push(benchmark.name);
      log(
        `${benchmark.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }
} finally {
  await context.close();
}

const firstLoad = results['first-load']?.details?.firstLoadJsRatio ?? null;
// latest.json is always a complete run; a subset does not overwrite it.
const resultFile = values.smoke ? 'smoke.json' : only ? 'partial.json' : 'latest.json';
const file = await writeResults(resultFile, results, {
  smoke: values.smoke,
  firstLoadJsRatio: firstLoad,
  failed: failures,
});
console.log(renderTable(Object.values(results).flatMap((result) => result.rows)));
for (const { table } of Object.values(results)) if (table) console.log(`\n${table}`);
console.log(
  `\nfirstLoadJsRatio (federated ÷ monolith, gzip, on /): ${typeof firstLoad === 'number' ? firstLoad.toFixed(3) : 'n/a'}`,
);
console.log(`Written to ${file}${failures.length ? `; FAILED: ${failures.join(', ')}` : ''}`);
process.exit(failures.length ? 1 : 0);
