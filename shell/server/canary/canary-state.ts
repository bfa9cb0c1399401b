import type { RemoteName, RuntimeConfig } from '@chat/shared';

export const arms = ['baseline', 'canary'] as const;
export type Arm = (typeof arms)[number];

export type CanaryStatus = 'running' | 'rolled-back' | 'promoted' | 'stopped';

/** One remote's canary: started by `pnpm canary start`, ended by the judge (or `stop`). */
export interface Canary {
  /** Random, per start: a browser's cookie for an earlier canary of the remote is stale. */
  id: string;
  remote: RemoteName;
  manifest: string;
  /** The manifest everyone else gets, as it was when the canary started. */
  baseline: string;
  versions: Record<Arm, string | null>;
  /** Percent of browsers drawn into the canary; 0 once it is rolled back or stopped. */
  share: number;
  startedAt: number;
  status: CanaryStatus;
  endedAt?: number;
}

export type DecisionKind = 'rollback' | 'promote';

/** One arm as the judge saw it: per session, so arms of different sizes compare. */
export interface ArmFigures {
  sessions: number;
  loads: number;
  loadFailures: number;
  errors: number;
  loadFailuresPerSession: number;
  errorsPerSession: number;
  /** Milliseconds; null before any was reported. */
  lcpP75: number | null;
  inpP75: number | null;
}

export interface Decision {
  at: number;
  remote: RemoteName;
  canary: string;
  version: string | null;
  decision: DecisionKind;
  reason: string;
  figures: Record<Arm, ArmFigures>;
}

/** What survives a restart (the data folder's file, or Redis). The arms' tallies do not: see docs. */
export interface CanaryState {
  /** The cookie's HMAC key when CANARY_SECRET is not set. */
  secret: string;
  canaries: Partial<Record<RemoteName, Canary>>;
  /**
   * A promoted manifest, in force while the environment still names the one it replaced: the operator's
   * next change of `<REMOTE>_REMOTE_URL` wins over it.
   */
  promoted: Partial<Record<RemoteName, { manifest: string; replaced: string }>>;
  /** The last decisions, newest last. */
  decisions: Decision[];
}

export const DECISIONS_KEPT = 50;

/** The manifest a browser outside any canary gets for `remote`. */
export function baselineOf(state: CanaryState, config: RuntimeConfig, remote: RemoteName): string {
  const promoted = state.promoted[remote];
  const configured = config.remotes[remote];
  return promoted && promoted.replaced === configured ? promoted.manifest : configured;
}

export const isRunning = (canary: Canary | undefined): canary is Canary =>
  canary?.status === 'running' && canary.share > 0;
