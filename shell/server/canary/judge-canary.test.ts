import { describe, expect, it } from '@rstest/core';
import { runningCanary } from './canary-fixtures';
import { defaultCanarySettings } from './canary-settings';
import type { ArmFigures } from './canary-state';
import { judgeCanary } from './judge-canary';

const settings = { ...defaultCanarySettings, minSessions: 10, promoteAfterSeconds: 600 };
const arm = (sessions: number, loadFailures = 0, errors = 0): ArmFigures => ({
  sessions,
  loads: sessions,
  loadFailures,
  errors,
  loadFailuresPerSession: loadFailures / sessions,
  errorsPerSession: errors / sessions,
  lcpP75: 1200,
  inpP75: 80,
});
const judge = (baseline: ArmFigures, canary: ArmFigures, atSeconds = 60) =>
  judgeCanary(runningCanary(), { baseline, canary }, settings, atSeconds * 1000);

describe('judgeCanary', () => {
  it('decides nothing while either arm has fewer than the minimum sessions, however bad', () => {
    expect(judge(arm(9), arm(50, 50, 500)).verdict).toBe('waiting');
    expect(judge(arm(50), arm(9, 9, 90), 3_600).verdict).toBe('waiting');
  });

  it('rolls back on errors per session over factor × baseline + margin', () => {
    // baseline 0.5 errors a session: the limit is 2 × 0.5 + 0.25 = 1.25
    expect(judge(arm(20, 0, 10), arm(20, 0, 25)).verdict).toBe('healthy');
    const worse = judge(arm(20, 0, 10), arm(20, 0, 26));
    expect(worse.verdict).toBe('rollback');
    expect(worse.reason).toBe('errors per session 1.3 > 2 × 0.5 + 0.25');
  });

  it('rolls back on load failures per session', () => {
    const worse = judge(arm(20), arm(20, 2));
    expect(worse.verdict).toBe('rollback');
    expect(worse.reason).toMatch(/^load failures per session 0.1 > 2 × 0 \+ 0.05/);
    expect(judge(arm(20), arm(20, 1)).verdict).toBe('healthy');
  });

  it('promotes a canary not worse once it has run the set time', () => {
    expect(judge(arm(20, 0, 4), arm(20, 0, 5), 599).verdict).toBe('healthy');
    expect(judge(arm(20, 0, 4), arm(20, 0, 5), 600).verdict).toBe('promote');
  });
});
