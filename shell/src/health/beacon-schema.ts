import { type Static, Type } from 'typebox';
import { errorKinds, loadOutcomes, loadStages, MAX_ENTRIES, vitalMetrics } from './beacon-fields';

/**
 * One health beacon: what a tab saw of each remote since its last beacon. The shell's server validates it
 * against this schema (shell/server/beacon-endpoint.ts); the page imports only its types, so typebox stays
 * out of the browser's bundle. Nothing in it is a message text or anything about the person: names and
 * versions from fixed sets, counts, durations and a random id per tab.
 */

/** A version as the manifest states it (release-N, a commit, `local`); the server keeps only those it knows. */
const Version = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._+-]+$' });
/** An app name is matched by the server against its fixed set; an unknown one drops the entry, not the beacon. */
const App = Type.String({ minLength: 1, maxLength: 16 });

const Load = Type.Object(
  {
    app: App,
    version: Version,
    stage: Type.Enum(loadStages),
    outcome: Type.Enum(loadOutcomes),
    ms: Type.Number({ minimum: 0, maximum: 600_000 }),
  },
  { additionalProperties: false },
);

const ErrorCount = Type.Object(
  {
    app: App,
    version: Version,
    kind: Type.Enum(errorKinds),
    count: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);

const Vital = Type.Object(
  {
    app: App,
    version: Version,
    metric: Type.Enum(vitalMetrics),
    // LCP and INP in milliseconds (as web-vitals reports them), CLS unitless.
    value: Type.Number({ minimum: 0, maximum: 600_000 }),
  },
  { additionalProperties: false },
);

export const BeaconSchema = Type.Object(
  {
    /** A random id made per tab (sessionStorage), so a judge can count sessions; not a person. */
    session: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    loads: Type.Array(Load, { maxItems: MAX_ENTRIES }),
    errors: Type.Array(ErrorCount, { maxItems: MAX_ENTRIES }),
    vitals: Type.Array(Vital, { maxItems: MAX_ENTRIES }),
  },
  { additionalProperties: false },
);

export type Beacon = Static<typeof BeaconSchema>;
export type LoadEntry = Beacon['loads'][number];
export type ErrorEntry = Beacon['errors'][number];
export type VitalEntry = Beacon['vitals'][number];
