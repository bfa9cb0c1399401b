import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, type FrontEndApp, frontEndApps, repoRoot } from './paths';
import { run } from './processes';

export interface Builds {
  federated: Record<FrontEndApp, string>;
  monolith: string;
  /** Wall time of each production build this run made, in ms (`pnpm build` builds them one by one). */
  wallMs: Partial<Record<FrontEndApp | 'monolith', number>>;
}

function rsbuild(app: FrontEndApp, args: string[], env: Record<string, string> = {}): Promise<number> {
  const cwd = join(repoRoot, app);
  return run(join(cwd, 'node_modules', '.bin', 'rsbuild'), ['build', ...args], cwd, env);
}

/**
 * The four apps (and the monolith, with `monolith`) built with other start-up levers (`env`: CHAT_LEVERS_OFF,
 * CHAT_LEVERS_ON, shared/src/config/perf-levers.ts), into the bench's cache under `name`.
 */
export async function buildVariant(
  name: string,
  env: Record<string, string>,
  { monolith, reuseCache, log }: { monolith: boolean; reuseCache: boolean; log: (line: string) => void },
): Promise<{ federated: Record<FrontEndApp, string>; monolith: string | null }> {
  const root = join(cacheDir, 'variants', name.replace(/\W+/g, '-'));
  const federated = {} as Record<FrontEndApp, string>;
  for (const app of frontEndApps) {
    federated[app] = join(root, app);
    if (reuseCache && existsSync(join(federated[app], 'mf-manifest.json'))) continue;
    log(`building ${app} ${name}`);
    await rsbuild(app, ['--dist-path', federated[app]], env);
  }
  if (!monolith) return { federated, monolith: null };
  const monolithDir = join(root, 'monolith');
  if (!(reuseCache && existsSync(join(monolithDir, 'index.html')))) {
    log(`building the monolith ${name}`);
    await rsbuild('shell', ['--env-mode', 'monolith', '--dist-path', monolithDir], env);
  }
  return { federated, monolith: monolithDir };
}

/**
 * Production builds of the four apps and of the monolith, from the working tree, into the bench's cache
 * (an app's own dist/ may be serving a running stack). The smoke run reuses each app's dist/ when
 * `pnpm build` has made one, to stay fast. `reuseCache` (BENCH_REUSE_BUILDS=1) takes the previous run's
 * builds from the cache as they are: for measuring again when the code has not changed.
 */
export async function buildAll({
  reuseDist,
  reuseCache,
  log,
}: {
  reuseDist: boolean;
  reuseCache: boolean;
  log: (line: string) => void;
}) {
  const builds: Builds = {
    federated: {} as Record<FrontEndApp, string>,
    monolith: join(cacheDir, 'monolith'),
    wallMs: {},
  };
  for (const app of frontEndApps) {
    const dist = join(repoRoot, app, 'dist');
    const cached = join(cacheDir, 'federated', app);
    builds.federated[app] = reuseDist && existsSync(join(dist, 'mf-manifest.json')) ? dist : cached;
    if (builds.federated[app] === dist || (reuseCache && existsSync(join(cached, 'mf-manifest.json'))))
      continue;
    log(`building ${app}`);
    builds.wallMs[app] = await rsbuild(app, ['--dist-path', cached]);
  }
  if (reuseCache && existsSync(join(builds.monolith, 'index.html'))) return builds;
  log('building the monolith');
  builds.wallMs.monolith = await rsbuild('shell', ['--env-mode', 'monolith', '--dist-path', builds.monolith]);
  return builds;
}
