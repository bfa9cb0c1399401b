import type { PerfLever } from '@chat/shared/perf-levers';
import type { Benchmark } from '../benchmarks/benchmark';
import { buildVariant } from './builds';
import type { BenchContext } from './context';
import { type LighthouseFigures, runLighthouse } from './lighthouse';
import { type Row, renderGrid } from './report';
import { summarize } from './stats';
import { serveFederated, shiftedPorts, type WebStack } from './web';

/** With the feature within 5 % of without it. */
const TOLERANCE = 0.05;

const mainThreadMs = (run: LighthouseFigures) =>
  Object.values(run.mainThread).reduce((sum, ms) => sum + ms, 0);

const figures = [
  {
    key: 'performance',
    label: 'perf',
    of: (run: LighthouseFigures) => run.performance,
    higherIsBetter: true,
  },
  { key: 'lcp', label: 'LCP ms', of: (run: LighthouseFigures) => run.lcpMs, higherIsBetter: false },
  { key: 'tbt', label: 'TBT ms', of: (run: LighthouseFigures) => run.tbtMs, higherIsBetter: false },
  { key: 'main', label: 'main thread ms', of: mainThreadMs, higherIsBetter: false },
  { key: 'bytes', label: 'KiB', of: (run: LighthouseFigures) => run.bytes / 1024, higherIsBetter: false },
] as const;

/** A screen measured with and without the feature, signed in with `token`. */
export interface CostScene {
  name: string;
  path: string;
  token: string;
}

/** The two deployments compared: the feature on, and off. */
export type Side = 'with' | 'without';

/** What a with/without comparison measures beyond Lighthouse, on both deployments at once. */
export interface ExtraComparison {
  /**
   * Figures of each deployment, by name; lower is better. `first` is the side to start with (it alternates
   * by round). Each figure's samples (every open, every page) are pooled over all rounds and the row takes
   * their median: a round's median of three moved by a third when another process took the cores for a
   * few seconds.
   */
  measure(
    stacks: Record<Side, WebStack>,
    first: Side,
  ): Promise<Record<Side, Record<string, number | readonly number[]>>>;
}

export interface FeatureCostSpec {
  name: string;
  /** The shipped lever that turns the feature off (`shared/src/config/perf-levers.ts`). */
  lever: PerfLever;
  /** 'rooms panel', 'rich text': how the rows name it. */
  feature: string;
  /** Where the build without it is served (`deploymentOffsets`), clear of the other benchmarks' variants. */
  portOffset: number;
  runs: (smoke: boolean) => number;
  /** The screens to measure, and anything else to compare (the same on both builds). */
  prepare(context: BenchContext): Promise<{ scenes: CostScene[]; extra?: ExtraComparison }>;
}

const percent = (withIt: number, without: number) => (withIt / without - 1) * 100;
const signed = (change: number) => `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;

/**
 * One Lighthouse mobile run, tried a second time when Chromium gives up on the page (an interstitial, a
 * timeout: a shared machine's hiccup) rather than losing every round measured so far.
 */
async function lighthouseOnce(
  url: string,
  token: string,
  log: (line: string) => void,
): Promise<LighthouseFigures> {
  try {
    return await runLighthouse(url, { preset: 'mobile', token });
  } catch (error) {
    log(`  Lighthouse failed (${error instanceof Error ? error.message : String(error)}), once more`);
    return runLighthouse(url, { preset: 'mobile', token });
  }
}

/**
 * What one feature costs a phone: Lighthouse mobile on its screens (performance, LCP, TBT, main-thread work,
 * bytes transferred), the federated build that ships against the same build with the feature's lever off,
 * alternately (the order flips every round), medians, with against without in per cent. The smoke run builds
 * nothing: the shipped build on both sides, to exercise the code.
 */
export function featureCost(spec: FeatureCostSpec): Benchmark {
  return {
    name: spec.name,
    async run(context) {
      const { scenes, extra } = await spec.prepare(context);
      const count = spec.runs(context.smoke);
      const shipped = await context.federated();
      const builds = context.smoke
        ? null
        : await buildVariant(
            `without ${spec.lever}`,
            { CHAT_LEVERS_OFF: spec.lever },
            { monolith: false, reuseCache: process.env.BENCH_REUSE_BUILDS === '1', log: context.log },
          );
      const without = builds
        ? await serveFederated(builds.federated, shiftedPorts(context.ports, spec.portOffset))
        : { ...shipped, stop: async () => {} };
      const stacks: Record<Side, WebStack> = { with: shipped, without };
      const runs = new Map<string, LighthouseFigures[]>();
      const extras: Record<Side, Record<string, number[]>> = { with: {}, without: {} };
      try {
        for (let round = 1; round <= count; round++) {
          context.log(`${spec.feature}: round ${round} of ${count}`);
          const order: Side[] = round % 2 ? ['with', 'without'] : ['without', 'with'];
          for (const scene of scenes) {
            for (const side of order) {
              const run = await lighthouseOnce(
                `${stacks[side].origin}${scene.path}`,
                scene.token,
                context.log,
              );
              const key = `${scene.name}\n${side}`;
              runs.set(key, [...(runs.get(key) ?? []), run]);
              context.log(
                `  ${scene.name}, ${side}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, main thread ${mainThreadMs(run).toFixed(0)} ms, ${(run.bytes / 1024).toFixed(0)} KiB`,
              );
            }
          }
          const measured = await extra?.measure(stacks, order[0] ?? 'with');
          for (const side of order)
            for (const [name, value] of Object.entries(measured?.[side] ?? {}))
              extras[side][name] = [
                ...(extras[side][name] ?? []),
                ...(typeof value === 'number' ? [value] : value),
              ];
        }
      } finally {
        await without.stop();
      }

      const limit = TOLERANCE * 100;
      const rows: Row[] = [];
      const lines: string[][] = [];
      for (const scene of scenes) {
        const cells: string[] = [];
        for (const figure of figures) {
          const median = (side: Side) =>
            summarize((runs.get(`${scene.name}\n${side}`) ?? []).map(figure.of)).median;
          const [withIt, withoutIt] = [median('with'), median('without')];
          // In per cent: 1.0546 and 1.0494 both print as 1.05×, one missed and one met.
          const change = percent(withIt, withoutIt);
          cells.push(`${withIt.toFixed(0)} / ${withoutIt.toFixed(0)}`, signed(change));
          rows.push({
            figure: `${spec.feature} cost, mobile ${figure.label}, ${scene.name}`,
            unit: '% vs without',
            n: count,
            median: change,
            target: figure.higherIsBetter ? `≥ −${limit} %` : `≤ +${limit} %`,
            met: figure.higherIsBetter ? change >= -limit : change <= limit,
          });
        }
        lines.push([scene.name, ...cells]);
      }
      for (const name of Object.keys(extras.with)) {
        const [withIt, withoutIt] = (['with', 'without'] as const).map(
          (side) => summarize(extras[side][name] ?? []).median,
        ) as [number, number];
        const change = percent(withIt, withoutIt);
        rows.push({
          figure: `${spec.feature} cost, ${name}`,
          unit: '% vs without',
          n: Math.min(extras.with[name]?.length ?? 0, extras.without[name]?.length ?? 0),
          median: change,
          target: `≤ +${limit} %`,
          met: change <= limit,
        });
        lines.push([name, `${withIt.toFixed(0)} / ${withoutIt.toFixed(0)}`, signed(change)]);
      }
      const header = [`mobile, with / without ${spec.feature}`, ...figures.flatMap((f) => [f.label, 'Δ'])];
      const table = `${renderGrid(header, lines)}\nmedians of ${count} runs each, alternating; target: with the ${spec.feature} within ${limit} % of without`;
      return {
        rows,
        table,
        details: {
          runs: Object.fromEntries(
            [...runs].map(([key, list]) => [
              key.replace('\n', ', '),
              list.map((run) => ({
                performance: run.performance,
                lcpMs: run.lcpMs,
                tbtMs: run.tbtMs,
                mainThreadMs: mainThreadMs(run),
                bytes: run.bytes,
                lcpElement: run.lcpElement,
              })),
            ]),
          ),
          extras,
        },
      };
    },
  };
}
