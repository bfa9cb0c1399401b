import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import type { Beacon } from './beacon-schema';
import { createHealthReporter } from './health-reporter';

const session = 'a1b2c3d4e5f6a7b8';

function setUp() {
  const sent: Beacon[] = [];
  const reporter = createHealthReporter({
    session,
    send: (body) => {
      sent.push(JSON.parse(body) as Beacon);
      return true;
    },
    versionOf: (app) => (app === 'chat' ? 'release-4' : 'abc123'),
    intervalMs: 5_000,
  });
  return { sent, reporter };
}

describe('createHealthReporter', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('batches what it saw into one beacon, each entry with its app version', () => {
    const { sent, reporter } = setUp();
    reporter.load({ app: 'chat', stage: 'manifest', outcome: 'ok', ms: 41.7 });
    reporter.load({ app: 'chat', stage: 'module', outcome: 'ok', ms: 120 });
    reporter.vital({ app: 'chat', metric: 'LCP', value: 900 });
    expect(sent).toHaveLength(0);

    rs.advanceTimersByTime(5_000);
    expect(sent).toEqual([
      {
        session,
        loads: [
          { app: 'chat', version: 'release-4', stage: 'manifest', outcome: 'ok', ms: 42 },
          { app: 'chat', version: 'release-4', stage: 'module', outcome: 'ok', ms: 120 },
        ],
        errors: [],
        vitals: [{ app: 'chat', version: 'release-4', metric: 'LCP', value: 900 }],
      },
    ]);
  });

  it('sends at most one beacon per interval however much happens', () => {
    const { sent, reporter } = setUp();
    for (let second = 0; second < 20; second++) {
      reporter.error('rooms', 'error');
      rs.advanceTimersByTime(1_000);
    }
    reporter.flush();
    expect(sent.length).toBeLessThanOrEqual(20 / 5 + 2);
    expect(sent.flatMap((beacon) => beacon.errors).reduce((total, entry) => total + entry.count, 0)).toBe(20);
  });

  it('counts errors by app, version and kind, and never sends their text', () => {
    const { sent, reporter } = setUp();
    reporter.error('chat', 'render');
    reporter.error('chat', 'render');
    reporter.error('shell', 'unhandledrejection');
    rs.advanceTimersByTime(5_000);
    expect(sent[0]?.errors).toEqual([
      { app: 'chat', version: 'release-4', kind: 'render', count: 2 },
      { app: 'shell', version: 'abc123', kind: 'unhandledrejection', count: 1 },
    ]);
  });

  it('sends at once when flushed (the page is being hidden), then nothing while it has nothing', () => {
    const { sent, reporter } = setUp();
    reporter.vital({ app: 'rooms', metric: 'CLS', value: 0.02 });
    reporter.flush();
    expect(sent).toHaveLength(1);
    reporter.flush();
    rs.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('splits a long queue over several beacons, each within the schema’s bounds', () => {
    const { sent, reporter } = setUp();
    for (let index = 0; index < 120; index++) reporter.vital({ app: 'chat', metric: 'INP', value: index });
    reporter.flush();
    rs.advanceTimersByTime(30_000);
    expect(sent.map((beacon) => beacon.vitals.length)).toEqual([50, 50, 20]);
  });
});
