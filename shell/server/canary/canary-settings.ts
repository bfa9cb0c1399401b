type Env = Record<string, string | undefined>;

/** Every threshold and time the canary's judge uses; docs/operations.md#canary-releases lists them. */
export interface CanarySettings {
  judgeSeconds: number;
  /** Sessions each arm needs before anything is decided. */
  minSessions: number;
  /** Sessions counted per client address and canary: one machine cannot outvote the others. */
  sessionsPerAddress: number;
  promoteAfterSeconds: number;
  /** "Clearly worse": canary's rate > worseFactor × baseline's rate + the measure's margin. */
  worseFactor: number;
  loadFailureMargin: number;
  errorMargin: number;
}

export const defaultCanarySettings: CanarySettings = {
  judgeSeconds: 5,
  minSessions: 20,
  sessionsPerAddress: 5,
  promoteAfterSeconds: 1800,
  worseFactor: 2,
  loadFailureMargin: 0.05,
  errorMargin: 0.25,
};

const variables: Record<keyof CanarySettings, string> = {
  judgeSeconds: 'CANARY_JUDGE_SECONDS',
  minSessions: 'CANARY_MIN_SESSIONS',
  sessionsPerAddress: 'CANARY_SESSIONS_PER_ADDRESS',
  promoteAfterSeconds: 'CANARY_PROMOTE_AFTER_SECONDS',
  worseFactor: 'CANARY_WORSE_FACTOR',
  loadFailureMargin: 'CANARY_LOAD_FAILURE_MARGIN',
  errorMargin: 'CANARY_ERROR_MARGIN',
};

/** A value that is not a non-negative number stops the server: a typo must not become a silent default. */
export function canarySettingsFromEnv(env: Env = process.env): CanarySettings {
  const settings = { ...defaultCanarySettings };
  for (const [key, name] of Object.entries(variables) as [keyof CanarySettings, string][]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0)
      throw new Error(`${name}: not a non-negative number: ${value}`);
    settings[key] = number;
  }
  return settings;
}
