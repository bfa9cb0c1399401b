import type { CanarySettings } from './canary-settings';
import type { Arm, ArmFigures, Canary, DecisionKind } from './canary-state';

export interface Verdict {
  /** `waiting`: too few sessions yet; `healthy`: not worse so far; otherwise the decision to carry out. */
  verdict: 'waiting' | 'healthy' | DecisionKind;
  reason: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The judge's rule, on per-session rates so arms of different sizes compare. With fewer than `minSessions`
 * in either arm nothing is decided. The canary is clearly worse on a measure when its rate exceeds
 * `worseFactor` × the baseline's rate + that measure's margin (the margin keeps a baseline at zero from
 * making a single error decisive); then it is rolled back. Never found worse and `promoteAfterSeconds` old, it
 * is promoted.
 */
export function judgeCanary(
  canary: Canary,
  figures: Record<Arm, ArmFigures>,
  settings: CanarySettings,
  now: number,
): Verdict {
  const { baseline, canary: tried } = figures;
  const fewest = Math.min(baseline.sessions, tried.sessions);
  if (fewest < settings.minSessions) {
    return {
      verdict: 'waiting',
      reason: `sessions ${tried.sessions} canary / ${baseline.sessions} baseline, ${settings.minSessions} each needed`,
    };
  }
  const measures = [
    ['load failures', 'loadFailuresPerSession', settings.loadFailureMargin],
    ['errors', 'errorsPerSession', settings.errorMargin],
  ] as const;
  for (const [name, key, margin] of measures) {
    const limit = settings.worseFactor * baseline[key] + margin;
    if (tried[key] > limit) {
      return {
        verdict: 'rollback',
        reason: `${name} per session ${round(tried[key])} > ${settings.worseFactor} × ${round(baseline[key])} + ${margin}`,
      };
    }
  }
  const age = (now - canary.startedAt) / 1000;
  if (age >= settings.promoteAfterSeconds) {
    return {
      verdict: 'promote',
      reason: `not worse for ${Math.round(age)} s (≥ ${settings.promoteAfterSeconds} s) with ${fewest}+ sessions an arm`,
    };
  }
  return {
    verdict: 'healthy',
    reason: `not worse so far; promoted ${Math.ceil(settings.promoteAfterSeconds - age)} s from now if it stays so`,
  };
}
