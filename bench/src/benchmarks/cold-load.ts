import type { Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import { appearances, recordAppearances } from '../lib/browser';
import type { BenchContext } from '../lib/context';
import type { Row } from '../lib/report';
import { setUpScenes } from '../lib/scenes';
import { summarize } from '../lib/stats';
import type { WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

const TARGET_RATIO = 1.1;
const TARGET_MEDIAN_MS = 1000;

const landings = [
  // By role: the sign-in frame the page paints before its scripts says 'Welcome' too, hidden from roles.
  {
    text: 'Welcome',
    path: '/auth/login',
    signedIn: false,
    shown: (page: Page) => page.getByRole('heading', { name: 'Welcome' }),
  },
  { text: 'Room Lists', path: '/', signedIn: true, shown: (page: Page) => page.getByText('Room Lists') },
] as const;

/** ms from navigation start until `text` enters the page, in a fresh context (nothing cached). */
async function coldLoad(
  context: BenchContext,
  stack: WebStack,
  landing: (typeof landings)[number],
  token: string,
): Promise<number> {
  const browserContext = await (await context.browser()).newContext();
  try {
    if (landing.signedIn) await signInBrowser(browserContext, stack.origin, token);
    await recordAppearances(browserContext, new RegExp(landing.text));
    const page = await browserContext.newPage();
    await page.goto(`${stack.origin}${landing.path}`);
    await landing.shown(page).first().waitFor();
    const seen = (await appearances(page))[landing.text];
    if (!seen) throw new Error(`'${landing.text}' showed but was not recorded`);
    return seen.sinceNavigation;
  } finally {
    await browserContext.close();
  }
}

export const coldLoadBenchmark: Benchmark = {
  name: 'cold-load',
  async run(context) {
    const runs = context.smoke ? 1 : 15;
    const { session } = await setUpScenes(await context.client());
    const [federated, monolith] = [await context.federated(), await context.monolith()];
    const rows: Row[] = [];
    const details: Record<string, { federated: number[]; monolith: number[] }> = {};
    for (const landing of context.smoke ? landings.slice(1) : landings) {
      context.log(`cold load to '${landing.text}', ${runs} × 2`);
      const samples = { federated: [] as number[], monolith: [] as number[] };
      // One warm-up of each (servers, disk cache), then alternate, so drift on a shared machine hits both alike.
      if (!context.smoke) {
        await coldLoad(context, federated, landing, session.token);
        await coldLoad(context, monolith, landing, session.token);
      }
      for (let i = 0; i < runs; i++) {
        samples.federated.push(await coldLoad(context, federated, landing, session.token));
        samples.monolith.push(await coldLoad(context, monolith, landing, session.token));
      }
      details[landing.text] = samples;
      const fed = summarize(samples.federated);
      const mono = summarize(samples.monolith);
      rows.push({
        figure: `cold load to '${landing.text}'`,
        unit: 'ms',
        n: fed.n,
        median: fed.median,
        p95: fed.p95,
        versus: mono.median,
        target: `≤ ${TARGET_RATIO}×, < ${TARGET_MEDIAN_MS}`,
        met: fed.median / mono.median <= TARGET_RATIO && fed.median < TARGET_MEDIAN_MS,
      });
    }
    return { rows, details };
  },
};
