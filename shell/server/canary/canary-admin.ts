import { randomBytes } from 'node:crypto';
import type { RemoteName } from '@chat/shared';
import { remoteNames } from '@chat/shared/config-from-env';
import { baselineOf, type Canary } from './canary-state';
import type { ShellCanary } from './create-shell-canary';

/** The deploy check against the running shell: one line per problem, none when it may be served. */
export type CheckDeploy = (manifest: string) => Promise<string[]>;

export interface AdminAnswer {
  status: number;
  body: unknown;
}

const FETCH_TIMEOUT_MS = 5_000;

/** `chat` or `chat-remote`, as the CLI and the folder name it. */
function remoteOf(value: unknown): RemoteName | null {
  const name = typeof value === 'string' ? value.replace(/-remote$/, '') : '';
  return (remoteNames as readonly string[]).includes(name) ? (name as RemoteName) : null;
}

async function manifestVersion(url: string, fetchImpl: typeof fetch): Promise<string | null> {
  const response = await fetchImpl(url, { cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = (await response.json()) as { metaData?: { buildInfo?: { buildVersion?: unknown } } };
  const version = manifest.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version.slice(0, 64) : null;
}

/**
 * `start`: reads the canary's manifest (its version), runs the deploy check and only then sends `share` % of
 * browsers to it. A running canary of the same remote is ended first by `stop`, never replaced silently.
 */
export async function startCanary(
  canary: ShellCanary,
  input: { remote?: unknown; manifest?: unknown; share?: unknown },
  checkDeploy: CheckDeploy,
  fetchImpl: typeof fetch = fetch,
): Promise<AdminAnswer> {
  const remote = remoteOf(input.remote);
  const manifest =
    typeof input.manifest === 'string' && /^https?:\/\//.test(input.manifest) ? input.manifest : null;
  const share = typeof input.share === 'number' && input.share > 0 && input.share <= 100 ? input.share : null;
  if (!remote || !manifest || share === null) {
    return {
      status: 400,
      body: {
        error: `expected { remote: one of ${remoteNames.join(', ')}, manifest: an http(s) URL, share: 0 < percent ≤ 100 }`,
      },
    };
  }
  if (canary.state().canaries[remote]?.status === 'running') {
    return {
      status: 409,
      body: { error: `a canary of ${remote} is running: stop it first (pnpm canary stop ${remote})` },
    };
  }
  let version: string | null;
  try {
    version = await manifestVersion(manifest, fetchImpl);
  } catch (error) {
    return {
      status: 422,
      body: { error: `the canary's manifest cannot be read: ${(error as Error).message}` },
    };
  }
  const problems = await checkDeploy(manifest).catch((error: Error) => [error.message]);
  if (problems.length > 0) {
    return {
      status: 409,
      body: { error: 'the deploy check refuses this manifest: the running shell cannot serve it', problems },
    };
  }
  const baseline = baselineOf(canary.state(), canary.config, remote);
  const baselineVersion = await manifestVersion(baseline, fetchImpl).catch(() => null);
  const started: Canary = {
    id: randomBytes(6).toString('hex'),
    remote,
    manifest,
    baseline,
    versions: { baseline: baselineVersion, canary: version === baselineVersion ? null : version },
    share,
    startedAt: canary.now(),
    status: 'running',
  };
  await canary.update((state) => ({ ...state, canaries: { ...state.canaries, [remote]: started } }));
  canary.log(
    JSON.stringify({
      event: 'canary-start',
      ...started,
      startedAt: new Date(started.startedAt).toISOString(),
    }),
  );
  return { status: 201, body: canaryStatus(canary) };
}

/** `stop`: share 0 at once, as a rollback, without a verdict. */
export async function stopCanary(canary: ShellCanary, input: { remote?: unknown }): Promise<AdminAnswer> {
  const remote = remoteOf(input.remote);
  const running = remote ? canary.state().canaries[remote] : undefined;
  if (!remote || running?.status !== 'running')
    return { status: 404, body: { error: 'no canary of that remote is running' } };
  const stopped: Canary = { ...running, share: 0, status: 'stopped', endedAt: canary.now() };
  await canary.update((state) => ({ ...state, canaries: { ...state.canaries, [remote]: stopped } }));
  canary.log(JSON.stringify({ event: 'canary-stop', remote, canary: running.id }));
  return { status: 200, body: canaryStatus(canary) };
}

/** Both arms of each remote's last canary side by side, the verdict so far, the decisions made. */
export function canaryStatus(canary: ShellCanary) {
  const state = canary.state();
  return {
    settings: canary.settings,
    store: canary.store.where,
    canaries: Object.values(state.canaries).map((entry) => {
      const figures = canary.figures(entry);
      return {
        remote: entry.remote,
        id: entry.id,
        status: entry.status,
        share: entry.share,
        startedAt: new Date(entry.startedAt).toISOString(),
        ...(entry.endedAt && { endedAt: new Date(entry.endedAt).toISOString() }),
        verdict: entry.status === 'running' ? canary.judgeNow(entry) : { verdict: entry.status, reason: '' },
        arms: {
          baseline: { manifest: entry.baseline, version: entry.versions.baseline, ...figures.baseline },
          canary: { manifest: entry.manifest, version: entry.versions.canary, ...figures.canary },
        },
      };
    }),
    decisions: state.decisions.map((decision) => ({ ...decision, at: new Date(decision.at).toISOString() })),
  };
}
