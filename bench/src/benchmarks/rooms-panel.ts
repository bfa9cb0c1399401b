import { buildVariant } from '../lib/builds';
import { type LighthouseFigures, runLighthouse } from '../lib/lighthouse';
import { type Row, renderGrid } from '../lib/report';
import { setUpScenes } from '../lib/scenes';
import { summarize } from '../lib/stats';
import { serveFederated, shiftedPorts } from '../lib/web';
import type { Benchmark } from './benchmark';

/** With the panel within 5 % of without it: performance at most 5 % lower, LCP and TBT at most 5 % higher. */
const TOLERANCE = 0.05;
/** Clear of phone-levers' variants (10–60), should both run in one invocation. */
const PORT_OFFSET = 90;
/** Rooms the signed-in user is in, so 'Your rooms' lists a realistic handful, on both builds alike. */
const ROOMS = 10;

const figures = [
  { key: 'performance', label: 'performance', higherIsBetter: true },
  { key: 'lcpMs', label: 'LCP ms', higherIsBetter: false },
  { key: 'tbtMs', label: 'TBT ms', higherIsBetter: false },
] as const;

type Deployment = 'with panel' | 'without panel';

/**
 * What 'Your rooms' (the second remote on the room list and in a room) costs a phone: Lighthouse mobile on
 * those two screens, the federated build that ships against the same build with CHAT_LEVERS_OFF=rooms-panel,
 * alternately (the order flips every round), medians.
 */
export const roomsPanel: Benchmark = {
  name: 'rooms-panel',
  async run(context) {
    const client = await context.client();
    const { session, scenes: all } = await setUpScenes(client);
    for (let i = 2; i <= ROOMS; i++) await client.createRoom(session, `Panel room ${i}`);
    const scenes = all.filter((scene) => scene.signedIn && (!context.smoke || scene.path === '/'));
    const count = Number(process.env.BENCH_PANEL_RUNS) || (context.smoke ? 1 : 3);
    const shipped = await context.federated();
    // The smoke run only exercises the code: the shipped build on both sides, no build of its own.
    const builds = context.smoke
      ? null
      : await buildVariant(
          'without rooms-panel',
          { CHAT_LEVERS_OFF: 'rooms-panel' },
          { monolith: false, reuseCache: process.env.BENCH_REUSE_BUILDS === '1', log: context.log },
        );
    const without = builds
      ? await serveFederated(builds.federated, shiftedPorts(context.ports, PORT_OFFSET))
      : { ...shipped, stop: async () => {} };
    const stacks = { 'with panel': shipped, 'without panel': without };
    const runs = new Map<string, LighthouseFigures[]>();
    try {
      for (let round = 1; round <= count; round++) {
        context.log(`rooms panel: round ${round} of ${count}`);
        const order: Deployment[] =
          round % 2 ? ['with panel', 'without panel'] : ['without panel', 'with panel'];
        for (const scene of scenes) {
          for (const deployment of order) {
            const run = await runLighthouse(`${stacks[deployment].origin}${scene.path}`, {
              preset: 'mobile',
              token: session.token,
            });
            const key = `${scene.name}\n${deployment}`;
            runs.set(key, [...(runs.get(key) ?? []), run]);
            context.log(
              `  ${scene.name}, ${deployment}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms`,
            );
          }
        }
      }
    } finally {
      await without.stop();
    }

    const medianOf = (screen: string, deployment: Deployment, key: (typeof figures)[number]['key']) =>
      summarize((runs.get(`${screen}\n${deployment}`) ?? []).map((run) => run[key])).median;
    const rows: Row[] = [];
    const lines: string[][] = [];
    for (const scene of scenes) {
      const cells: string[] = [];
      for (const figure of figures) {
        const withPanel = medianOf(scene.name, 'with panel', figure.key);
        const withoutPanel = medianOf(scene.name, 'without panel', figure.key);
        // In per cent against without the panel: 1.0546 and 1.0494 both print as 1.05×, one missed and one met.
        const change = (withPanel / withoutPanel - 1) * 100;
        const limit = TOLERANCE * 100;
        const met = figure.higherIsBetter ? change >= -limit : change <= limit;
        cells.push(
          `${withPanel.toFixed(0)} / ${withoutPanel.toFixed(0)}`,
          `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`,
        );
        rows.push({
          figure: `rooms panel cost, mobile ${figure.label}, ${scene.name === '/' ? 'room list' : scene.name}`,
          unit: '% vs without',
          n: count,
          median: change,
          target: figure.higherIsBetter ? `≥ −${limit} %` : `≤ +${limit} %`,
          met,
        });
      }
      lines.push([scene.name === '/' ? '/ (room list)' : scene.name, ...cells]);
    }
    const header = ['mobile, with / without panel', 'perf', 'perf Δ', 'LCP ms', 'LCP Δ', 'TBT ms', 'TBT Δ'];
    const table = `${renderGrid(header, lines)}\nmedian of ${count} Lighthouse mobile runs each, alternating; target: with the panel within ${TOLERANCE * 100} % of without`;
    return {
      rows,
      table,
      details: {
        runs: Object.fromEntries(
          [...runs].map(([key, list]) => [
            key.replace('\n', ', '),
            list.map(({ performance, lcpMs, tbtMs, lcpElement }) => ({
              performance,
              lcpMs,
              tbtMs,
              lcpElement,
            })),
          ]),
        ),
      },
    };
  },
};
