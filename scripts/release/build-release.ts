// `pnpm release:build [commit]`: the four production builds of a release (the last one in releases.json by
// default), made once per commit from that commit's own tree, lockfile and build code, and kept in
// .releases/<commit>/. A second call finds them there and returns at once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps } from '../apps';
import { builtMarker, isBuilt, lastRelease, type Release, releaseDir, releases, repoRoot } from './releases';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(command, args, { cwd, stdio: 'inherit', env });
}

function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A shallow CI clone may lack the release's commit: fetch just that one. */
function ensureCommit(commit: string): void {
  if (hasCommit(commit)) return;
  console.log(`fetching ${commit} from origin…`);
  run('git', ['fetch', '--depth=1', 'origin', commit], repoRoot);
}

export function ensureReleaseBuilt(release: Release): string {
  const dir = releaseDir(release);
  if (isBuilt(release)) return dir;
  console.log(`building ${release.name} (${release.commit.slice(0, 7)}) into ${dir}…`);
  ensureCommit(release.commit);
  // Extracted rather than checked out (`git worktree add`): the same files, and no worktree entry in the
  // repository for a cache that outlives any one run.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = `${dir}.tar`;
  run('git', ['archive', '--format=tar', `--output=${archive}`, release.commit], repoRoot);
  run('tar', ['-xf', archive, '-C', dir], repoRoot);
  rmSync(archive);
  // Releases before 8f0f180 ask pnpm to switch to the exact version in packageManager, which needs a
  // registry signature that mirrors cannot give; any pnpm 10 installs and builds them the same.
  writeFileSync(join(dir, '.npmrc'), 'manage-package-manager-versions=false\n');
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir);
  // Its tree sits inside this repository's, where git would name today's commit: every manifest says the
  // release instead (MF_BUILD_VERSION for releases whose build code predates APP_VERSION).
  run('pnpm', ['build'], dir, { ...process.env, APP_VERSION: release.name, MF_BUILD_VERSION: release.name });
  for (const name of Object.keys(apps)) {
    if (!existsSync(join(dir, name, 'dist', 'mf-manifest.json'))) throw new Error(`${name} did not build`);
  }
  writeFileSync(
    builtMarker(release),
    `${JSON.stringify({ ...release, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv[2];
  const release = wanted
    ? releases().find((r) => r.name === wanted || r.commit.startsWith(wanted))
    : lastRelease();
  if (!release) throw new Error(`no release ${wanted} in releases.json`);
  console.log(`${release.name}: ${ensureReleaseBuilt(release)}`);
}
