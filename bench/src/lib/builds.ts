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

function rsbuild(app: FrontEndApp, args: string[]): Promise<number> {
  const cwd = join(repoRoot, app);
  return run(join(cwd, 'node_modules', '.bin', 'rsbuild'), ['build', ...args], cwd);
}

/**
 * Production builds of the four apps and of the monolith, from the working tree, into the bench's cache
 * (an app's own dist/ may be serving a running stack). The smoke run reuses each app's dist/ when
 * `pnpm build` has made one, to stay fast.
 */
export async function buildAll({ reuseDist, log }: { reuseDist: boolean; log: (line: string) => void }) {
  const builds: Builds = {
    federated: {} as Record<FrontEndApp, string>,
    monolith: join(cacheDir, 'monolith'),
    wallMs: {},
  };
  for (const app of frontEndApps) {
    const dist = join(repoRoot, app, 'dist');
    if (reuseDist && existsSync(join(dist, 'mf-manifest.json'))) {
      builds.federated[app] = dist;
      continue;
    }
    builds.federated[app] = join(cacheDir, 'federated', app);
    log(`building ${app}`);
    builds.wallMs[app] = await rsbuild(app, ['--dist-path', builds.federated[app]]);
  }
  log('building the monolith');
  builds.wallMs.monolith = await rsbuild('shell', ['--env-mode', 'monolith', '--dist-path', builds.monolith]);
  return builds;
}
