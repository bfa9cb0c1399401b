import { shippedLevers, triedLevers } from '@chat/shared/perf-levers';
import { buildVariant } from '../lib/builds';
import type { BenchContext } from '../lib/context';
import { type LighthouseFigures, runLighthouse } from '../lib/lighthouse';
import {
  type MainThread,
  mainThreadCells,
  mainThreadHeader,
  mainThreadOf,
  roleCells,
  roleHeader,
} from '../lib/main-thread';
import { renderGrid } from '../lib/report';
import { setUpScenes } from '../lib/scenes';
import { summarize } from '../lib/stats';
import { serveFederated, serveMonolith, shiftedPorts, type WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

/** One deployment under measurement: the build that ships, or one built without some levers. */
interface Deployment {
  name: string;
  stack: WebStack;
}

interface Cell {
  screen: string;
  deployment: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** mainthread-work-breakdown summed: all the main thread's work, ms under the 4× CPU. */
  mainThreadMs: number;
  /** total-byte-weight, KiB transferred. */
  kib: number;
  /** The largest contentful paint's element in most runs. */
  lcpElement: string;
  mainThread: MainThread;
  runs: LighthouseFigures[];
}

const runsPerCell = () => Number(process.env.BENCH_LEVER_RUNS) || 5;
/**
 * BENCH_LEVER_VARIANTS=name;name and BENCH_LEVER_SCREENS=name;name narrow a run to some variants ('no lever',
 * 'without yielding-render', …; the shipped build is always measured) and screens ('/auth/login', '/', 'in a
 * room'), to measure one change again.
 */
const chosen = (variable: string) => process.env[variable]?.split(';').filter(Boolean);

/**
 * Builds and serves, beside the shipped deployments, the federated app without each shipped start-up lever
 * alone and with each tried one, and federated and monolith without any (the app before them), each on ports
 * of its own.
 */
async function deployments(
  context: BenchContext,
): Promise<{ list: Deployment[]; stop: () => Promise<void> }> {
  const list: Deployment[] = [
    { name: 'shipped, federated', stack: await context.federated() },
    { name: 'shipped, monolith', stack: await context.monolith() },
  ];
  const own: WebStack[] = [];
  if (context.smoke) return { list, stop: async () => {} };
  const reuseCache = process.env.BENCH_REUSE_BUILDS === '1';
  const variants = [
    { name: 'no lever', env: { CHAT_LEVERS_OFF: shippedLevers.join(',') }, monolith: true },
    ...shippedLevers.map((lever) => ({
      name: `without ${lever}`,
      env: { CHAT_LEVERS_OFF: lever },
      monolith: false,
    })),
    ...triedLevers.map((lever) => ({
      name: `with ${lever}`,
      env: { CHAT_LEVERS_ON: lever },
      monolith: false,
    })),
  ];
  const only = chosen('BENCH_LEVER_VARIANTS');
  for (const [index, variant] of variants.entries()) {
    if (only && !only.includes(variant.name)) continue;
    const builds = await buildVariant(variant.name, variant.env, {
      monolith: variant.monolith,
      reuseCache,
      log: context.log,
    });
    const ports = shiftedPorts(context.ports, 10 * (index + 1));
    const federated = await serveFederated(builds.federated, ports);
    own.push(federated);
    list.push({ name: `${variant.name}, federated`, stack: federated });
    if (builds.monolith) {
      const monolith = await serveMonolith(builds.monolith, ports);
      own.push(monolith);
      list.push({ name: `${variant.name}, monolith`, stack: monolith });
    }
  }
  return { list, stop: async () => void (await Promise.all(own.map((stack) => stack.stop()))) };
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** Federated ÷ monolith, each deployment against the shipped monolith on the same screen: issue 34's targets. */
function ratios(cells: Cell[]): string {
  const header = ['federated ÷ shipped monolith', 'main thread', 'TBT', 'KiB', 'met (≤ 1.10 each)'];
  const lines = cells.flatMap((cell) => {
    const monolith = cells.find(
      (other) => other.screen === cell.screen && other.deployment === 'shipped, monolith',
    );
    if (!monolith || !cell.deployment.endsWith('federated')) return [];
    const figures = [
      cell.mainThreadMs / monolith.mainThreadMs,
      cell.tbtMs / monolith.tbtMs,
      cell.kib / monolith.kib,
    ];
    return [
      [
        `${cell.screen}: ${cell.deployment}`,
        ...figures.map((ratio) => ratio.toFixed(2)),
        figures.every((ratio) => ratio <= 1.1) ? 'yes' : 'NO',
      ],
    ];
  });
  return renderGrid(header, lines);
}

function renderRoles(cells: Cell[]): string {
  const header = ['by role, median', 'main thread ms', 'KiB', ...roleHeader];
  const lines = cells.map((cell) => [
    `${cell.screen}: ${cell.deployment}`,
    cell.mainThreadMs.toFixed(0),
    cell.kib.toFixed(0),
    ...roleCells(cell.mainThread),
  ]);
  return `${renderGrid(header, lines)}\nscript time (bootup-time, every script) and KiB by the part each script plays (bench/src/lib/script-roles.ts)`;
}

function render(cells: Cell[]): string {
  const header = ['mobile, median', 'perf', 'LCP ms', 'TBT ms', ...mainThreadHeader, 'LCP element'];
  const lines = cells.map((cell) => [
    `${cell.screen}: ${cell.deployment}`,
    cell.performance.toFixed(0),
    cell.lcpMs.toFixed(0),
    cell.tbtMs.toFixed(0),
    ...mainThreadCells(cell.mainThread),
    cell.lcpElement.slice(0, 40),
  ]);
  return `${renderGrid(header, lines)}\nmain thread in ms under Lighthouse's 4× CPU slowdown (mainthread-work-breakdown; bootup-time per kind of script)`;
}

/**
 * Issue 22's levers, each measured alone: Lighthouse mobile on the three first screens, the shipped build
 * against the same build without one lever and without any, every deployment in turn within each round so
 * drift on a shared machine hits them alike; the medians and the main thread's breakdown.
 */
export const phoneLevers: Benchmark = {
  name: 'phone-levers',
  async run(context) {
    const { session, scenes: all } = await setUpScenes(await context.client());
    const screens = chosen('BENCH_LEVER_SCREENS');
    const scenes = all.filter((scene) =>
      context.smoke ? scene.path === '/' : !screens || screens.includes(scene.name),
    );
    const { list, stop } = await deployments(context);
    try {
      const runs = new Map<string, LighthouseFigures[]>();
      const count = context.smoke ? 1 : runsPerCell();
      for (let round = 1; round <= count; round++) {
        context.log(`start-up levers: round ${round} of ${count}, ${list.length} deployments`);
        for (const scene of scenes) {
          for (const deployment of list) {
            const key = `${scene.name}\n${deployment.name}`;
            const run = await runLighthouse(`${deployment.stack.origin}${scene.path}`, {
              preset: 'mobile',
              token: scene.signedIn ? session.token : undefined,
            });
            runs.set(key, [...(runs.get(key) ?? []), run]);
            context.log(
              `  ${scene.name}, ${deployment.name}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms`,
            );
          }
        }
      }
      const cells: Cell[] = [];
      for (const [key, figures] of runs) {
        const [screen = '', deployment = ''] = key.split('\n');
        const median = (pick: (run: LighthouseFigures) => number) => summarize(figures.map(pick)).median;
        cells.push({
          screen,
          deployment,
          performance: median((run) => run.performance),
          lcpMs: median((run) => run.lcpMs),
          tbtMs: median((run) => run.tbtMs),
          mainThreadMs: median((run) => Object.values(run.mainThread).reduce((sum, ms) => sum + ms, 0)),
          kib: median((run) => run.bytes / 1024),
          lcpElement: mostCommon(figures.map((run) => run.lcpElement)),
          mainThread: await mainThreadOf(figures),
          runs: figures,
        });
      }
      return {
        rows: [],
        details: { cells },
        table: `${render(cells)}\n\n${renderRoles(cells)}\n\n${ratios(cells)}`,
      };
    } finally {
      await stop();
    }
  },
};
