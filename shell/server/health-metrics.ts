import { Counter, Histogram, Registry } from 'prom-client';
import type {
  ErrorKind,
  LoadOutcome,
  LoadStage,
  ReportedApp,
  VitalMetric,
} from '../src/health/beacon-fields';

/** What the beacon endpoint hands over: labels already reduced to the fixed sets and known versions. */
export interface HealthRecord {
  session: string;
  loads: { app: ReportedApp; version: string; stage: LoadStage; outcome: LoadOutcome; ms: number }[];
  errors: { app: ReportedApp; version: string; kind: ErrorKind; count: number }[];
  vitals: { app: ReportedApp; version: string; metric: VitalMetric; value: number }[];
}

/** One app at one version, as the canary's judge compares them (in-process, beside the Prometheus series). */
export interface VersionHealth {
  app: ReportedApp;
  version: string;
  loads: Record<LoadOutcome, number>;
  errors: number;
  /** Distinct tabs that reported on it, counted up to SESSIONS_COUNTED. */
  sessions: number;
}

export type BeaconOutcome = 'accepted' | 'invalid' | 'too_large' | 'unsupported' | 'rate_limited';

/** Enough sessions for a judge to decide on; past it the set stops growing (memory stays bounded). */
const SESSIONS_COUNTED = 10_000;

export interface HealthMetrics {
  registry: Registry;
  record(record: HealthRecord): void;
  beacon(outcome: BeaconOutcome): void;
  byVersion(): VersionHealth[];
}

export function createHealthMetrics(): HealthMetrics {
  const registry = new Registry();
  const loads = new Counter({
    name: 'frontend_remote_loads_total',
    help: "Loads of a remote's manifest, container or module, by outcome, as browsers reported them",
    labelNames: ['remote', 'version', 'stage', 'outcome'],
    registers: [registry],
  });
  const loadSeconds = new Histogram({
    name: 'frontend_remote_load_duration_seconds',
    help: 'How long each stage of a remote load took in the browser',
    labelNames: ['remote', 'version', 'stage'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'frontend_errors_total',
    help: "Errors attributed to a remote: render (its slot's boundary), error, unhandledrejection, load",
    labelNames: ['remote', 'version', 'kind'],
    registers: [registry],
  });
  const vitalSeconds = new Histogram({
    name: 'frontend_web_vitals_seconds',
    help: 'LCP and INP of the screen each remote draws',
    labelNames: ['remote', 'version', 'metric'],
    buckets: [0.1, 0.2, 0.5, 1, 2, 2.5, 4, 8, 15],
    registers: [registry],
  });
  const cls = new Histogram({
    name: 'frontend_web_vitals_cls',
    help: 'Cumulative layout shift of the screen each remote draws (unitless)',
    labelNames: ['remote', 'version'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const beacons = new Counter({
    name: 'frontend_beacons_total',
    help: 'Health beacons received, by what became of them',
    labelNames: ['outcome'],
    registers: [registry],
  });

  const health = new Map<string, VersionHealth & { sessionIds: Set<string> }>();
  const entryOf = (app: ReportedApp, version: string) => {
    const key = `${app} ${version}`;
    let entry = health.get(key);
    if (!entry) {
      entry = { app, version, loads: { ok: 0, error: 0 }, errors: 0, sessions: 0, sessionIds: new Set() };
      health.set(key, entry);
    }
    return entry;
  };
  const seen = (app: ReportedApp, version: string, session: string) => {
    const { sessionIds } = entryOf(app, version);
    if (sessionIds.size < SESSIONS_COUNTED) sessionIds.add(session);
  };

  return {
    registry,
    record({ session, loads: loadList, errors: errorList, vitals }) {
      for (const { app, version, stage, outcome, ms } of loadList) {
        loads.inc({ remote: app, version, stage, outcome });
        loadSeconds.observe({ remote: app, version, stage }, ms / 1000);
        entryOf(app, version).loads[outcome] += 1;
        seen(app, version, session);
      }
      for (const { app, version, kind, count } of errorList) {
        errors.inc({ remote: app, version, kind }, count);
        entryOf(app, version).errors += count;
        seen(app, version, session);
      }
      for (const { app, version, metric, value } of vitals) {
        if (metric === 'CLS') cls.observe({ remote: app, version }, value);
        else vitalSeconds.observe({ remote: app, version, metric }, value / 1000);
        seen(app, version, session);
      }
    },
    beacon: (outcome) => beacons.inc({ outcome }),
    byVersion: () =>
      [...health.values()].map(({ sessionIds, ...entry }) => ({
        ...entry,
        loads: { ...entry.loads },
        sessions: sessionIds.size,
      })),
  };
}
