import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const benchDir = join(repoRoot, 'bench');
export const resultsDir = join(benchDir, 'results');
/** Builds made by the bench live under node_modules, out of git and lint, and never replace an app's dist/. */
export const cacheDir = join(benchDir, 'node_modules', '.cache', 'bench');

export const remoteApps = ['auth-remote', 'rooms-remote', 'chat-remote'] as const;
export const frontEndApps = ['shell', ...remoteApps] as const;
export type FrontEndApp = (typeof frontEndApps)[number];
