import type { Beacon } from '../../src/health/beacon-schema';
import type { Arm, ArmFigures, Canary } from './canary-state';

/** Past these an arm stops taking new sessions and keeps the newest vitals: memory stays bounded. */
const SESSIONS_KEPT = 10_000;
const VITALS_KEPT = 2_000;
const ADDRESSES_KEPT = 20_000;

interface Tally {
  sessions: Set<string>;
  loads: number;
  loadFailures: number;
  errors: number;
  lcp: number[];
  inp: number[];
}

const emptyTally = (): Tally => ({
  sessions: new Set(),
  loads: 0,
  loadFailures: 0,
  errors: 0,
  lcp: [],
  inp: [],
});

const keep = (values: number[], value: number) => {
  values.push(value);
  if (values.length > VITALS_KEPT) values.shift();
};

/** Nearest-rank 75th percentile. */
function p75(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

/**
 * One canary's two arms, from the beacons of browsers whose signed cookie put them in an arm. A session is
 * a beacon's tab id; each client address brings at most `sessionsPerAddress` of them, so sending beacons
 * from one machine cannot outweigh the real sessions. Only entries of the canary's remote at the arm's version
 * count (a tab drawn into the canary reports the baseline's version until it has swapped).
 */
export function createArmTally(canary: Canary, sessionsPerAddress: number) {
  const tallies: Record<Arm, Tally> = { baseline: emptyTally(), canary: emptyTally() };
  const byAddress = new Map<string, Set<string>>();

  /** False when the session was not counted (over its address's cap or the arm's limit). */
  function admit(tally: Tally, address: string, session: string): boolean {
    if (tally.sessions.has(session)) return true;
    let sessions = byAddress.get(address);
    if (!sessions) {
      if (byAddress.size >= ADDRESSES_KEPT) return false;
      sessions = new Set();
      byAddress.set(address, sessions);
    }
    if (sessions.size >= sessionsPerAddress || tally.sessions.size >= SESSIONS_KEPT) return false;
    sessions.add(session);
    tally.sessions.add(session);
    return true;
  }

  function record(arm: Arm, address: string, beacon: Beacon): void {
    const version = canary.versions[arm];
    const ours = <T extends { app: string; version: string }>(entries: T[]) =>
      entries.filter(
        (entry) => entry.app === canary.remote && (version === null || entry.version === version),
      );
    const loads = ours(beacon.loads);
    // A failed load is also reported as an error of kind `load`: counted once, as a load failure.
    const errors = ours(beacon.errors).filter((entry) => entry.kind !== 'load');
    const vitals = ours(beacon.vitals);
    if (loads.length + errors.length + vitals.length === 0) return;
    const tally = tallies[arm];
    if (!admit(tally, address, beacon.session)) return;
    tally.loads += loads.length;
    tally.loadFailures += loads.filter((load) => load.outcome === 'error').length;
    tally.errors += errors.reduce((sum, entry) => sum + entry.count, 0);
    for (const { metric, value } of vitals) {
      if (metric === 'LCP') keep(tally.lcp, value);
      else if (metric === 'INP') keep(tally.inp, value);
    }
  }

  function figures(arm: Arm): ArmFigures {
    const { sessions, loads, loadFailures, errors, lcp, inp } = tallies[arm];
    const perSession = (count: number) => (sessions.size === 0 ? 0 : count / sessions.size);
    return {
      sessions: sessions.size,
      loads,
      loadFailures,
      errors,
      loadFailuresPerSession: perSession(loadFailures),
      errorsPerSession: perSession(errors),
      lcpP75: p75(lcp),
      inpP75: p75(inp),
    };
  }

  return { record, figures: () => ({ baseline: figures('baseline'), canary: figures('canary') }) };
}

export type ArmTally = ReturnType<typeof createArmTally>;

/** Each canary's tally by its id, made on first use: a canary started again is counted afresh. */
export function armTallies(sessionsPerAddress: number): (canary: Canary) => ArmTally {
  const tallies = new Map<string, ArmTally>();
  return (canary) => {
    let tally = tallies.get(canary.id);
    if (!tally) {
      tally = createArmTally(canary, sessionsPerAddress);
      tallies.set(canary.id, tally);
    }
    return tally;
  };
}
