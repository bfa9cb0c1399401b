import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREEN_MANIFEST } from '@chat/shared/first-screen';
import { cacheDir, type FrontEndApp, frontEndApps, repoRoot } from './paths';
import { run } from './processes';

export interface Builds {
  federated: Record<FrontEndApp, string>;
  monolith: string;
  /** Wall time of each production build this run made, in ms (`pnpm build` builds them one by one). */
  wallMs: Partial<Record<FrontEndApp | 'monolith', number>>;
}

type Target = FrontEndApp | 'monolith';
const SERVER_CONFIG = 'rsbuild.server.config.ts';

/**
 * Builds `target` (an app, or the shell as the monolith) into `dir`, with `env` on top of this process's, unless
 * `reuse` and a build is already there. The build's wall time in ms, or undefined when it was reused.
 */
async function buildInto(
  target: Target,
  dir: string,
  {
    reuse,
    env = {},
    log,
    label = '',
  }: { reuse: boolean; env?: Record<string, string>; log: (line: string) => void; label?: string },
): Promise<number | undefined> {
  // A remote with a server build (rsbuild.server.config.ts) has two: the browser's and the server's.
  const app = target === 'monolith' ? 'shell' : target;
  const cwd = join(repoRoot, app);
  const drawing = target !== 'monolith' && existsSync(join(cwd, SERVER_CONFIG));
  const made = target === 'monolith' ? 'index.html' : drawing ? FIRST_SCREEN_MANIFEST : 'mf-manifest.json';
  if (reuse && existsSync(join(dir, made))) return undefined;
  log(`building ${target === 'monolith' ? 'the monolith' : target}${label}`);
  const mode = target === 'monolith' ? ['--env-mode', 'monolith'] : [];
  const rsbuild = join(cwd, 'node_modules', '.bin', 'rsbuild');
  const wallMs = await run(rsbuild, ['build', ...mode, '--dist-path', dir], cwd, env);
  if (!drawing) return wallMs;
  // Its config takes the browser build's folder from CHAT_REMOTE_DIST_DIR or ROOMS_REMOTE_DIST_DIR.
  const distVariable = `${app.replace('-', '_').toUpperCase()}_DIST_DIR`;
  return wallMs + (await run(rsbuild, ['build', '-c', SERVER_CONFIG], cwd, { ...env, [distVariable]: dir }));
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
  const options = { reuse: reuseCache, env, log, label: ` ${name}` };
  const federated = {} as Record<FrontEndApp, string>;
  for (const app of frontEndApps) {
    federated[app] = join(root, app);
    await buildInto(app, federated[app], options);
  }
  if (!monolith) return { federated, monolith: null };
  const monolithDir = join(root, 'monolith');
  await buildInto('monolith', monolithDir, options);
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
    if (builds.federated[app] === dist) continue;
    const wallMs = await buildInto(app, cached, { reuse: reuseCache, log });
    if (wallMs !== undefined) builds.wallMs[app] = wallMs;
  }
  const wallMs = await buildInto('monolith', builds.monolith, { reuse: reuseCache, log });
  if (wallMs !== undefined) builds.wallMs.monolith = wallMs;
  return builds;
}
