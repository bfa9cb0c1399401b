import { type LighthouseFigures, runLighthouse } from '../lib/lighthouse';
import { type Row, renderGrid } from '../lib/report';
import { setUpScenes } from '../lib/scenes';
import { medianOf } from '../lib/stats';
import { serveDrawingShell, untilDrawn, type WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

/** Issue 34 §2's targets for every screen, federated, Lighthouse mobile. */
const TARGET = { performance: 90, lcpMs: 2500 };
const KiB = 1024;

const deployments = ['federated', 'federated, drawn', 'monolith', 'monolith, drawn'] as const;
type Deployment = (typeof deployments)[number];

/**
 * The room list and a member's room drawn by the shell's server (DRAW_FIRST_SCREEN=1, shell/server/first-screen)
 * against the same builds drawn by the browser alone: Lighthouse mobile, cold, federated and monolith, each
 * plain and drawn, in turn so a shared machine's drift hits all four alike. Each load twice: simulated, as every
 * other Lighthouse row (the targets' figures), and with the throttling applied (`runLighthouse`'s `applied`:
 * what a phone sees of a page whose content is in its HTML).
 */
export const firstScreen: Benchmark = {
  name: 'first-screen',
  async run(context) {
    const { session, scenes: all } = await setUpScenes(await context.client());
    // The screens the server draws: the room list and a member's room (the login card was drawn before).
    const drawnScenes = all.filter((scene) => scene.signedIn);
    const scenes = context.smoke
      ? drawnScenes.filter((scene) => scene.remote === 'chat-remote')
      : drawnScenes;
    const count = context.smoke ? 1 : Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? 5);
    const builds = await context.builds();
    const { ports } = context;
    const stacks: Record<Deployment, WebStack> = {
      federated: await context.federated(),
      'federated, drawn': await serveDrawingShell(builds, ports, 'federated'),
      monolith: await context.monolith(),
      'monolith, drawn': await serveDrawingShell(builds, ports, 'monolith'),
    };
    try {
      const cells: {
        screen: string;
        runs: Record<Deployment, LighthouseFigures[]>;
        applied: Record<Deployment, LighthouseFigures[]>;
      }[] = [];
      for (const scene of scenes) {
        for (const deployment of ['federated, drawn', 'monolith, drawn'] as const)
          await untilDrawn(`${stacks[deployment].origin}${scene.path}`, session.token);
        context.log(`Lighthouse mobile on ${scene.name}, drawn by the server and not, ${count} × 4`);
        const none = () =>
          Object.fromEntries(deployments.map((each) => [each, []])) as unknown as Record<
            Deployment,
            LighthouseFigures[]
          >;
        const runs = none();
        const applied = none();
        for (let i = 0; i < count; i++) {
          for (const deployment of deployments) {
            for (const [kind, list] of [
              ['simulated', runs],
              ['applied', applied],
            ] as const) {
              const run = await runLighthouse(`${stacks[deployment].origin}${scene.path}`, {
                preset: 'mobile',
                token: session.token,
                applied: kind === 'applied',
              });
              list[deployment].push(run);
              context.log(
                `  ${deployment}, ${kind}: FCP ${run.fcpMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms (${run.lcpElement}), TBT ${run.tbtMs.toFixed(0)} ms, ${(run.bytes / KiB).toFixed(0)} KiB (performance ${run.performance})`,
              );
            }
          }
        }
        cells.push({ screen: scene.name, runs, applied });
      }
      const rows: Row[] = cells.flatMap(({ screen, runs }) => {
        const drawn = runs['federated, drawn'];
        const row = (
          name: string,
          unit: string,
          pick: (run: LighthouseFigures) => number,
          bound: '≥' | '≤',
          goal: number,
        ): Row => {
          const value = medianOf(drawn, pick);
          return {
            figure: `Lighthouse mobile ${name}, ${screen} drawn by the server (vs the browser alone)`,
            unit,
            n: drawn.length,
            median: value,
            versus: medianOf(runs.federated, pick),
            target: `${bound} ${goal}`,
            met: bound === '≥' ? value >= goal : value <= goal,
          };
        };
        return [
          row('performance', 'score', (run) => run.performance, '≥', TARGET.performance),
          row('LCP', 'ms', (run) => run.lcpMs, '≤', TARGET.lcpMs),
        ];
      });
      const table = renderGrid(
        [
          'Lighthouse mobile, first screen',
          'perf',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'KiB',
          'applied: FCP ms',
          'LCP ms',
          'LCP element',
        ],
        cells.flatMap(({ screen, runs, applied }) =>
          deployments.map((deployment) => {
            const each = runs[deployment];
            const real = applied[deployment];
            return [
              `${screen}: ${deployment}`,
              medianOf(each, (run) => run.performance).toFixed(0),
              medianOf(each, (run) => run.fcpMs).toFixed(0),
              medianOf(each, (run) => run.lcpMs).toFixed(0),
              medianOf(each, (run) => run.tbtMs).toFixed(0),
              medianOf(each, (run) => run.bytes / KiB).toFixed(0),
              medianOf(real, (run) => run.fcpMs).toFixed(0),
              medianOf(real, (run) => run.lcpMs).toFixed(0),
              real.at(-1)?.lcpElement ?? '',
            ];
          }),
        ),
      );
      return { rows, details: { cells, target: TARGET }, table };
    } finally {
      await stacks['federated, drawn'].stop();
      await stacks['monolith, drawn'].stop();
    }
  },
};
