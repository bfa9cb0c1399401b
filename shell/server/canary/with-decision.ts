import type { RuntimeConfig } from '@chat/shared';
import {
  type Arm,
  type ArmFigures,
  type Canary,
  type CanaryState,
  DECISIONS_KEPT,
  type Decision,
  type DecisionKind,
} from './canary-state';

/**
 * The state after the judge's `decision` on `canary`: the canary ended at share 0; on a promotion its manifest
 * is the remote's from now on (over the one the environment names now); the decision kept with its figures.
 */
export function withDecision(
  state: CanaryState,
  config: RuntimeConfig,
  canary: Canary,
  {
    decision,
    reason,
    figures,
    at,
  }: { decision: DecisionKind; reason: string; figures: Record<Arm, ArmFigures>; at: number },
): { state: CanaryState; entry: Decision } {
  const { remote } = canary;
  const status = decision === 'rollback' ? 'rolled-back' : 'promoted';
  const entry: Decision = {
    at,
    remote,
    canary: canary.id,
    version: canary.versions.canary,
    decision,
    reason,
    figures,
  };
  const promoted =
    decision === 'promote'
      ? { ...state.promoted, [remote]: { manifest: canary.manifest, replaced: config.remotes[remote] } }
      : state.promoted;
  return {
    state: {
      ...state,
      canaries: { ...state.canaries, [remote]: { ...canary, share: 0, status, endedAt: at } },
      promoted,
      decisions: [...state.decisions, entry].slice(-DECISIONS_KEPT),
    },
    entry,
  };
}
