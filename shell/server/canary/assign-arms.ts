import type { RuntimeConfig } from '@chat/shared';
import { remoteNames } from '@chat/shared/config-from-env';
import type { Assignments } from './canary-cookie';
import { type Arm, baselineOf, type CanaryState, isRunning } from './canary-state';

export interface Assigned {
  /** /config.json for this browser: each remote's manifest from its arm. */
  config: RuntimeConfig;
  /** The cookie's assignments: only remotes with a running canary. */
  assignments: Assignments;
  /** True when the browser's cookie must be (re)written. */
  changed: boolean;
  /** Both arms' manifests of every running canary, for the page's CSP: the tab may be switched later. */
  switchable: string[];
}

/**
 * Picks this browser's arm for each remote with a running canary: the one its valid cookie names for that
 * canary, else drawn by share (`random()` in [0, 1)). Other remotes, and every remote after a rollback or a
 * promotion, get the one manifest in force. Only a page is drawn (`draw`): its CSP admits both arms. A tab
 * loaded before the canary started re-reads /config.json with a CSP that admits neither canary origin, so an
 * undrawn browser's /config.json stays on the baseline until its next page load.
 */
export function assignArms(
  state: CanaryState,
  base: RuntimeConfig,
  cookie: Assignments | null,
  random: () => number = Math.random,
  draw = true,
): Assigned {
  const remotes = { ...base.remotes };
  const assignments: Assignments = {};
  const switchable: string[] = [];
  let changed = false;
  for (const remote of remoteNames) {
    const baseline = baselineOf(state, base, remote);
    remotes[remote] = baseline;
    const canary = state.canaries[remote];
    if (!isRunning(canary)) {
      if (cookie?.[remote]) changed = true;
      continue;
    }
    const kept = cookie?.[remote];
    let arm: Arm;
    if (kept?.id === canary.id) arm = kept.arm;
    else if (!draw) {
      if (kept) changed = true;
      continue;
    } else {
      arm = random() * 100 < canary.share ? 'canary' : 'baseline';
      changed = true;
    }
    assignments[remote] = { id: canary.id, arm };
    if (arm === 'canary') remotes[remote] = canary.manifest;
    switchable.push(canary.manifest, baseline);
  }
  return { config: { ...base, remotes }, assignments, changed, switchable };
}
