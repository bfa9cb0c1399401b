import { frontEndApps } from '../lib/paths';
import type { Row } from '../lib/report';
import type { Benchmark } from './benchmark';

/** Wall time of each production build the run made (one after the other, as `pnpm build` runs them). */
export const build: Benchmark = {
  name: 'build',
  async run(context) {
    const { wallMs } = await context.builds();
    const seconds = (ms: number) => ms / 1000;
    const rows: Row[] = [];
    const federated = frontEndApps.filter((app) => wallMs[app] !== undefined);
    for (const app of federated) {
      rows.push({ figure: `production build: ${app}`, unit: 's', n: 1, median: seconds(wallMs[app] ?? 0) });
    }
    if (federated.length === frontEndApps.length) {
      const total = federated.reduce((sum, app) => sum + (wallMs[app] ?? 0), 0);
      rows.push({ figure: 'production build: all four apps', unit: 's', n: 1, median: seconds(total) });
    }
    if (wallMs.monolith !== undefined) {
      rows.push({ figure: 'production build: monolith', unit: 's', n: 1, median: seconds(wallMs.monolith) });
    }
    return { rows, details: { wallMs } };
  },
};
