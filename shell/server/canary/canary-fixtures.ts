import type { IncomingMessage } from 'node:http';
import type { RuntimeConfig } from '@chat/shared';
import { runtimeConfigFromEnv } from '@chat/shared/config-from-env';
import type { Beacon } from '../../src/health/beacon-schema';
import type { KnownVersions } from '../known-versions';
import type { Canary, CanaryState } from './canary-state';
import type { StateStore } from './state-store';

/** Test data for the canary's tests: the remotes at their default addresses, a canary of chat beside them. */
export const config: RuntimeConfig = runtimeConfigFromEnv({});
export const CANARY_MANIFEST = 'http://canary.test/chat/mf-manifest.json';

export const runningCanary = (overrides: Partial<Canary> = {}): Canary => ({
  id: 'c0ffee12',
  remote: 'chat',
  manifest: CANARY_MANIFEST,
  baseline: config.remotes.chat,
  versions: { baseline: 'release-4', canary: 'release-5' },
  share: 50,
  startedAt: 0,
  status: 'running',
  ...overrides,
});

export const stateWith = (canary?: Canary, overrides: Partial<CanaryState> = {}): CanaryState => ({
  secret: 'a-secret-of-the-server',
  canaries: canary ? { [canary.remote]: canary } : {},
  promoted: {},
  decisions: [],
  ...overrides,
});

/** A beacon of one tab about chat at `version`: a load, `errors` thrown errors, an LCP. */
export function chatBeacon(
  session: string,
  version: string,
  { errors = 0, failedLoads = 0 }: { errors?: number; failedLoads?: number } = {},
): Beacon {
  return {
    session,
    loads: [
      { app: 'chat', version, stage: 'module', outcome: 'ok', ms: 100 },
      ...Array.from({ length: failedLoads }, () => ({
        app: 'chat',
        version,
        stage: 'container' as const,
        outcome: 'error' as const,
        ms: 100,
      })),
    ],
    errors: errors > 0 ? [{ app: 'chat', version, kind: 'error', count: errors }] : [],
    vitals: [{ app: 'chat', version, metric: 'LCP', value: 1200 }],
  };
}

export const request = (cookie?: string, address = '127.0.0.1') =>
  ({ headers: cookie ? { cookie } : {}, socket: { remoteAddress: address } }) as unknown as IncomingMessage;

export const knownVersions = (): KnownVersions & { watched: string[] } => {
  const watched: string[] = [];
  return {
    watched,
    label: (_app, version) => version,
    current: () => ({ chat: 'release-4' }),
    refresh: async () => {},
    start: () => () => {},
    watch: async (_app, location) => {
      watched.push(location);
    },
  };
};

export function memoryStore(
  initial: CanaryState | null = null,
): StateStore & { saved: () => CanaryState | null } {
  let kept = initial ? structuredClone(initial) : null;
  return {
    where: 'memory',
    load: async () => (kept ? structuredClone(kept) : null),
    save: async (state) => {
      kept = structuredClone(state);
    },
    close: async () => {},
    saved: () => kept,
  };
}
