// The releases this repository has shipped, oldest first, as recorded in releases.json at the root. The file
// is committed because CI runs on a fresh clone that may carry no tags; the git tag of the same name
// (`release-N`) is the same fact for people browsing the history.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Release {
  /** `release-N`, also the name of its git tag. */
  name: string;
  /** The full commit hash the release was built from. */
  commit: string;
  /** The day it was cut, YYYY-MM-DD. */
  date: string;
}

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const releasesFile = join(repoRoot, 'releases.json');

export function releases(): Release[] {
  return (JSON.parse(readFileSync(releasesFile, 'utf8')) as { releases: Release[] }).releases;
}

/** The release now deployed: the one today's builds are tested beside and rolled back to. */
export function lastRelease(): Release {
  const last = releases().at(-1);
  if (!last) throw new Error(`${releasesFile} names no release`);
  return last;
}

/**
 * Where a release is kept, one folder per commit (git-ignored): its source tree with its own dependencies,
 * its four production builds and its own static server, which must serve them (a shell's page and the CSP
 * its server sends change together: see README "Releases").
 */
export const releaseDir = (release: Release) => join(repoRoot, '.releases', release.commit);

/** Written last by build-release.ts: a folder without it is an interrupted build. */
export const builtMarker = (release: Release) => join(releaseDir(release), '.built.json');

export const isBuilt = (release: Release) => existsSync(builtMarker(release));
