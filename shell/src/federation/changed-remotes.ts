import { type RemoteName, remoteNames } from '@chat/shared';
import type { RemoteEntries } from './remote-entries';

/**
 * The remotes whose manifest address a fresh read of the configuration changed, in a fixed order. A missing
 * or empty address is no change: a configuration without it cannot be loaded from, and the slot keeps what
 * it has.
 */
export function changedRemotes(current: RemoteEntries, served: unknown): RemoteName[] {
  const remotes = (served as { remotes?: Record<string, unknown> } | null)?.remotes ?? {};
  return remoteNames.filter((name) => {
    const next = remotes[name];
    return typeof next === 'string' && next !== '' && next !== current[name];
  });
}

export const DEFAULT_REFRESH_SECONDS = 10;

/**
 * How long until the next read: the served `configRefreshSeconds` (a shell's server before it had the
 * setting sends none), else the default; never under a second, whatever a configuration says.
 */
export function refreshDelayMs(served: unknown): number {
  const seconds = (served as { configRefreshSeconds?: unknown } | null)?.configRefreshSeconds;
  const valid = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0;
  return Math.max(1, valid ? seconds : DEFAULT_REFRESH_SECONDS) * 1000;
}
