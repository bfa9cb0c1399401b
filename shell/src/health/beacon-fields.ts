/**
 * The fixed sets a health beacon's labels come from, shared by the page and the shell's server. Plain values,
 * so the page's bundle has them without the schema's validator (./beacon-schema.ts, the server's).
 */

/** Where the page sends its beacons: the shell's own origin, so no CORS preflight and no cookie question. */
export const BEACON_PATH = '/beacon';

/** The apps a beacon may speak of: the three remotes and the shell itself. */
export const reportedApps = ['shell', 'auth', 'rooms', 'chat'] as const;
export type ReportedApp = (typeof reportedApps)[number];

/** A remote's load in three steps: its manifest, its container (remote entry), the exposed module. */
export const loadStages = ['manifest', 'container', 'module'] as const;
export const loadOutcomes = ['ok', 'error'] as const;
/** render: caught by the remote's slot; error / unhandledrejection: window events whose stack is the app's. */
export const errorKinds = ['render', 'error', 'unhandledrejection', 'load'] as const;
export const vitalMetrics = ['LCP', 'INP', 'CLS'] as const;

export type LoadStage = (typeof loadStages)[number];
export type LoadOutcome = (typeof loadOutcomes)[number];
export type ErrorKind = (typeof errorKinds)[number];
export type VitalMetric = (typeof vitalMetrics)[number];

/** A tab's beacons are batched a few seconds apart, so a few dozen entries of each list is plenty. */
export const MAX_ENTRIES = 50;
