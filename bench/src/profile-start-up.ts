/**
 * Where the main thread goes on a cold load of /auth/login, federated against the monolith, by function: the
 * builds the last `pnpm bench` left in its cache (VARIANT=<folder under variants/> for another federated
 * build), served on the last deployment's ports, each loaded ROUNDS times (3) in turn with Chromium's CPU 4×
 * slower, a CPU profile each; the median self time per script (BY_FN=1: per script and function), TOP rows.
 * `pnpm --filter @chat/bench exec tsx src/profile-start-up.ts` (bench/README.md, "Federation's own cost").
 */
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../../scripts/lib/chromium';
import { cacheDir, type FrontEndApp, frontEndApps } from './lib/paths';
import { portsFor } from './lib/ports';
import { serveFederated, serveMonolith, shiftedPorts } from './lib/web';

const ports = shiftedPorts(portsFor(false), 90);
const variant = process.env.VARIANT;
const root = variant ? join(cacheDir, 'variants', variant) : cacheDir;
const fed = await serveFederated(
  Object.fromEntries(
    frontEndApps.map((app) => [app, join(root, variant ? app : `federated/${app}`)]),
  ) as Record<FrontEndApp, string>,
  ports,
);
const mono = await serveMonolith(join(cacheDir, 'monolith'), ports);
const browser = await chromium.launch({ executablePath: chromiumPath() });
const rounds = Number(process.env.ROUNDS ?? 3);
const totals: Record<string, Record<string, number[]>> = {};
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, stack] of [
      ['fed', fed],
      ['mono', mono],
    ] as const) {
      const page = await (await browser.newContext()).newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${stack.origin}/auth/login`);
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      await page.waitForLoadState('networkidle');
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<number, number>();
      const dt = profile.timeDeltas ?? [];
      for (const [i, id] of (profile.samples ?? []).entries())
        self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000);
      const bucket: Record<string, number> = {};
      for (const node of profile.nodes) {
        const ms = self.get(node.id) ?? 0;
        const { url, functionName } = node.callFrame;
        const file = url
          ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{10}\.js$/, '')
          : `(${functionName || 'native'})`;
        const key = process.env.BY_FN && url ? `${file} ${functionName}` : file;
        bucket[key] = (bucket[key] ?? 0) + ms;
      }
      const kept = totals[name] ?? {};
      totals[name] = kept;
      for (const [key, ms] of Object.entries(bucket)) kept[key] = [...(kept[key] ?? []), ms];
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await fed.stop();
  await mono.stop();
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
for (const [name, bucket] of Object.entries(totals)) {
  const rows = Object.entries(bucket).map(
    ([k, v]) => [k, median(v.length < rounds ? [...v, ...Array(rounds - v.length).fill(0)] : v)] as const,
  );
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`== ${name} total ${rows.reduce((s, [, ms]) => s + ms, 0).toFixed(0)} ms (self time, 4x CPU)`);
  for (const [k, ms] of rows.slice(0, Number(process.env.TOP ?? 25)))
    console.log(`${ms.toFixed(0).padStart(6)} ${k}`);
}
