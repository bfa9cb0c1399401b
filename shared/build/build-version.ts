import { execFileSync } from 'node:child_process';

const git = (args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * What a deploy made, stamped into every app's mf-manifest.json (`metaData.buildInfo.buildVersion`) so the
 * shell and its server can tell versions apart in their health series: APP_VERSION when the caller says
 * (release builds do), else the release tag at HEAD (`release-N`), else the commit, marked `-dirty` when the
 * tree has uncommitted changes (such a build is no commit's), else `local` (no git, e.g. an extracted archive).
 */
export function buildVersion(env: Record<string, string | undefined> = process.env): string {
  if (env.APP_VERSION) return env.APP_VERSION;
  try {
    const tag = git(['tag', '--points-at', 'HEAD', '--list', 'release-*']).split('\n')[0];
    if (tag) return tag;
    const commit = git(['rev-parse', '--short=12', 'HEAD']);
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'local';
  }
}
