import type { RemoteName } from '@chat/shared';
import { remoteNames } from '@chat/shared/config-from-env';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Arm, DecisionKind } from './canary-state';

/** The canary's series, on the shell's /metrics beside the beacons' (same registry, same loopback rule). */
export function createCanaryMetrics(registry: Registry) {
  const decisions = new Counter({
    name: 'frontend_canary_decisions_total',
    help: "The canary judge's decisions, by remote: rollback or promote",
    labelNames: ['remote', 'decision'],
    registers: [registry],
  });
  const share = new Gauge({
    name: 'frontend_canary_share',
    help: "Percent of browsers drawn into the remote's running canary (0: none running)",
    labelNames: ['remote'],
    registers: [registry],
  });
  const sessions = new Gauge({
    name: 'frontend_canary_sessions',
    help: "Sessions the judge counts in each arm of the remote's canary (signed cookie, capped per address)",
    labelNames: ['remote', 'arm'],
    registers: [registry],
  });
  for (const remote of remoteNames) share.set({ remote }, 0);
  return {
    decided: (remote: RemoteName, decision: DecisionKind) => decisions.inc({ remote, decision }),
    share: (remote: RemoteName, percent: number) => share.set({ remote }, percent),
    sessions: (remote: RemoteName, arm: Arm, count: number) => sessions.set({ remote, arm }, count),
  };
}

export type CanaryMetrics = ReturnType<typeof createCanaryMetrics>;
