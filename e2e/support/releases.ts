import { join } from 'node:path';
import { isBuilt, lastRelease, releaseDir, repoRoot } from '../../scripts/release/releases';
import { type AppServer, serveApp } from './app-server';
import type { FrontEndApp } from './stack';

/** Today's builds (this checkout's dist/) or the last release's, kept by `pnpm release:build`. */
export type Version = 'today' | 'previous';

export type RemoteApp = Exclude<FrontEndApp, 'shell'>;
export const remoteApps: readonly RemoteApp[] = ['auth-remote', 'rooms-remote', 'chat-remote'];

export const previousRelease = lastRelease();

export const versionName = (version: Version) =>
  version === 'today' ? 'today' : `${previousRelease.name} (${previousRelease.commit.slice(0, 7)})`;

/** The source tree a version is built in and served from. */
export function treeOf(version: Version): string {
  if (version === 'today') return repoRoot;
  if (!isBuilt(previousRelease))
    throw new Error(`${previousRelease.name} is not built: run pnpm release:build (README "Releases")`);
  return releaseDir(previousRelease);
}

export const distOf = (app: FrontEndApp, version: Version) => join(treeOf(version), app, 'dist');

/**
 * Serves one version of an app with that version's own static server, as it was deployed: a shell's page
 * only works under the headers of its own server (today's sends a CSP whose style nonce only a shell built
 * with it stamps on antd's styles; a shell built before that loses every style under it).
 */
export function serveBuild(
  app: FrontEndApp,
  version: Version,
  port: number,
  env: Record<string, string> = {},
): Promise<AppServer> {
  return serveApp(app, port, { ...env, DIST_DIR: distOf(app, version) }, treeOf(version));
}
