import type { BenchContext } from '../lib/context';
import { type LighthouseFigures, type Preset, runLighthouse } from '../lib/lighthouse';
import { type Row, renderGrid } from '../lib/report';
import { type Scene, setUpScenes } from '../lib/scenes';
import { summarize } from '../lib/stats';
import type { WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

/** The goals ("Fast on a phone"), held against both presets. */
const TARGET = {
  performance: 90,
  lcpMs: 2500,
  tbtMs: 200,
  accessibility: 100,
  bestPractices: 100,
  ratio: 1.1,
};
const KiB = 1024;

const figureNames = [
  'performance',
  'accessibility',
  'bestPractices',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'bytes',
] as const;

type Median = Pick<LighthouseFigures, (typeof figureNames)[number]>;
interface Cell {
  preset: Preset;
  screen: string;
  federated: Median;
  monolith: Median;
  /** Every run, in the order they ran (federated and monolith alternately). */
  runs: { federated: LighthouseFigures[]; monolith: LighthouseFigures[] };
  /** Accessibility and best-practices audits failed in any run, per deployment. */
  failed: { federated: string[]; monolith: string[] };
}

function median(runs: LighthouseFigures[]): Median {
  return Object.fromEntries(
    figureNames.map((name) => [name, summarize(runs.map((run) => run[name])).median]),
  ) as Median;
}

/** The goals the federated app misses in one cell, in short. */
function misses({ federated: fed, monolith: mono }: Cell): string[] {
  return [
    fed.performance < TARGET.performance && 'perf',
    fed.accessibility < TARGET.accessibility && 'a11y',
    fed.bestPractices < TARGET.bestPractices && 'best-pr',
    fed.lcpMs > TARGET.lcpMs && 'LCP',
    fed.tbtMs > TARGET.tbtMs && 'TBT',
    fed.lcpMs / mono.lcpMs > TARGET.ratio && 'LCP×',
    fed.bytes / mono.bytes > TARGET.ratio && 'bytes×',
  ].filter((miss): miss is string => miss !== false);
}

function renderCells(cells: Cell[]): string {
  const pair = (cell: Cell, pick: (figures: Median) => number) =>
    `${pick(cell.federated).toFixed(0)} / ${pick(cell.monolith).toFixed(0)}`;
  const ratio = (cell: Cell, pick: (figures: Median) => number) =>
    `${(pick(cell.federated) / pick(cell.monolith)).toFixed(2)}×`;
  const header = [
    'Lighthouse (fed / mono)',
    'perf',
    'a11y',
    'best pr.',
    'FCP ms',
    'LCP ms',
    'LCP ×',
    'TBT ms',
  ].concat(['KiB', 'KiB ×', 'missed']);
  const lines = cells.map((cell) => [
    `${cell.preset} ${cell.screen}`,
    pair(cell, (f) => f.performance),
    pair(cell, (f) => f.accessibility),
    pair(cell, (f) => f.bestPractices),
    pair(cell, (f) => f.fcpMs),
    pair(cell, (f) => f.lcpMs),
    ratio(cell, (f) => f.lcpMs),
    pair(cell, (f) => f.tbtMs),
    pair(cell, (f) => f.bytes / KiB),
    ratio(cell, (f) => f.bytes),
    misses(cell).join(' ') || '-',
  ]);
  const goals = `goals: perf ≥ ${TARGET.performance}, a11y and best pr. ${TARGET.accessibility}, LCP ≤ ${TARGET.lcpMs} ms, TBT ≤ ${TARGET.tbtMs} ms, LCP and bytes ≤ ${TARGET.ratio}× monolith`;
  return `${renderGrid(header, lines)}\n${goals}`;
}

/** One figure of a cell as a row of the main table: the federated median held against its goal. */
function goalRow(
  cell: Cell,
  name: string,
  unit: string,
  pick: (figures: Median) => number,
  bound: '≥' | '≤',
  goal: number,
): Row {
  const median = pick(cell.federated);
  return {
    figure: `Lighthouse ${cell.preset} ${name}, ${cell.screen}`,
    unit,
    n: cell.runs.federated.length,
    median,
    versus: pick(cell.monolith),
    target: `${bound} ${goal}`,
    met: bound === '≥' ? median >= goal : median <= goal,
  };
}

async function measureCell(
  context: BenchContext,
  stacks: { federated: WebStack; monolith: WebStack },
  preset: Preset,
  scene: Scene,
  token: string,
): Promise<Cell> {
  const runs = { federated: [] as LighthouseFigures[], monolith: [] as LighthouseFigures[] };
  // Mobile is what the goals are about, and the noisier: at least five runs a cell (issue 22).
  const count = context.smoke ? 1 : preset === 'mobile' ? 5 : 3;
  context.log(`Lighthouse ${preset} on ${scene.name}, ${count} × 2`);
  const options = { preset, token: scene.signedIn ? token : undefined };
  // Alternately, so drift on a shared machine hits both deployments alike.
  for (let i = 0; i < count; i++) {
    for (const deployment of ['federated', 'monolith'] as const) {
      const run = await runLighthouse(`${stacks[deployment].origin}${scene.path}`, options);
      runs[deployment].push(run);
      context.log(
        `  ${deployment}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, ${(run.bytes / KiB).toFixed(0)} KiB`,
      );
    }
  }
  const failed = (list: LighthouseFigures[]) => [...new Set(list.flatMap((run) => run.failed))];
  return {
    preset,
    screen: scene.name,
    federated: median(runs.federated),
    monolith: median(runs.monolith),
    runs,
    failed: { federated: failed(runs.federated), monolith: failed(runs.monolith) },
  };
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  async run(context) {
    const { session, scenes: all } = await setUpScenes(await context.client());
    const presets: Preset[] = context.smoke ? ['mobile'] : ['mobile', 'desktop'];
    const scenes = context.smoke ? all.filter((scene) => scene.path === '/') : all;
    const stacks = { federated: await context.federated(), monolith: await context.monolith() };
    const cells: Cell[] = [];
    for (const preset of presets) {
      for (const scene of scenes)
        cells.push(await measureCell(context, stacks, preset, scene, session.token));
    }
    const rows: Row[] = cells.flatMap((cell) => {
      const performance = goalRow(
        cell,
        'performance',
        'score',
        (f) => f.performance,
        '≥',
        TARGET.performance,
      );
      if (cell.preset !== 'mobile') return [performance];
      return [
        performance,
        goalRow(cell, 'TBT', 'ms', (f) => f.tbtMs, '≤', TARGET.tbtMs),
        goalRow(cell, 'LCP', 'ms', (f) => f.lcpMs, '≤', TARGET.lcpMs),
      ];
    });
    return { rows, details: { cells, target: TARGET }, table: renderCells(cells) };
  },
};
