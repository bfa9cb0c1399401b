import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { Registry } from 'prom-client';
import type { BeaconRequest } from '../beacon-endpoint';
import {
  CANARY_MANIFEST,
  chatBeacon,
  config,
  knownVersions,
  memoryStore,
  request,
  runningCanary,
  stateWith,
} from './canary-fixtures';
import { defaultCanarySettings } from './canary-settings';
import type { Arm, CanaryState } from './canary-state';
import { createShellCanary, type ShellCanary } from './create-shell-canary';
import { fileStateStore, type StateStore } from './state-store';

const settings = {
  ...defaultCanarySettings,
  minSessions: 3,
  sessionsPerAddress: 100,
  promoteAfterSeconds: 60,
};

async function setUp(
  options: { state?: CanaryState | null; store?: StateStore; sessionsPerAddress?: number } = {},
) {
  let clock = 10_000;
  const registry = new Registry();
  const lines: string[] = [];
  const store =
    options.store ?? memoryStore(options.state === undefined ? stateWith(runningCanary()) : options.state);
  const canary = await createShellCanary({
    config,
    settings: { ...settings, sessionsPerAddress: options.sessionsPerAddress ?? settings.sessionsPerAddress },
    store,
    versions: knownVersions(),
    registry,
    now: () => clock,
    log: (line) => lines.push(line),
  });
  const series = async () =>
    (await registry.metrics()).split('\n').filter((line) => /^frontend_canary/.test(line));
  return { canary, store, lines, series, advance: (seconds: number) => (clock += seconds * 1000) };
}

/** A browser as the server sees it: its cookie from /config.json, its arm, its beacons. */
function browser(canary: ShellCanary, address = '127.0.0.1') {
  const assigned = canary.assign(request(undefined, address));
  const cookie = assigned.setCookie?.split(';')[0];
  const arm: Arm = assigned.config.remotes.chat === CANARY_MANIFEST ? 'canary' : 'baseline';
  const send = (session: string, faults: { errors?: number; failedLoads?: number } = {}) =>
    canary.observe(chatBeacon(session, arm === 'canary' ? 'release-5' : 'release-4', faults), {
      address,
      cookie,
    } as BeaconRequest);
  return { cookie, arm, send };
}

/** Browsers until each arm has `count`, each sending one beacon as its own session. */
function sessions(
  canary: ShellCanary,
  count: number,
  faults: { errors?: number; failedLoads?: number } = {},
) {
  const sent = { baseline: 0, canary: 0 };
  for (let index = 0; sent.baseline < count || sent.canary < count; index++) {
    const tab = browser(canary, `10.0.0.${index % 250}`);
    if (sent[tab.arm] >= count) continue;
    tab.send(`session-${index}-tab`, tab.arm === 'canary' ? faults : {});
    sent[tab.arm] += 1;
  }
}

describe('the canary in the shell server', () => {
  it('rolls back a canary whose sessions throw, logs and counts it, and sends everyone to the baseline', async () => {
    const { canary, lines, series } = await setUp();
    const tab = browser(canary);
    sessions(canary, 3, { errors: 2 });
    await canary.judge();
    expect(canary.state().canaries.chat).toMatchObject({ status: 'rolled-back', share: 0 });
    const logged = JSON.parse(lines[0] ?? '{}');
    expect(logged).toMatchObject({ event: 'canary-decision', remote: 'chat', decision: 'rollback' });
    expect(logged.figures.canary).toMatchObject({ sessions: 3, errors: 6, errorsPerSession: 2 });
    expect(await series()).toEqual(
      expect.arrayContaining([
        'frontend_canary_decisions_total{remote="chat",decision="rollback"} 1',
        'frontend_canary_share{remote="chat"} 0',
        'frontend_canary_sessions{remote="chat",arm="canary"} 3',
      ]),
    );
    const after = canary.assign(request(tab.cookie));
    expect(after.config.remotes.chat).toBe(config.remotes.chat);
  });

  it('rolls back a canary whose loads fail', async () => {
    const { canary } = await setUp();
    sessions(canary, 3, { failedLoads: 1 });
    await canary.judge();
    expect(canary.state().decisions[0]?.reason).toMatch(/^load failures per session 1 > /);
  });

  it('decides nothing under the minimum sessions', async () => {
    const { canary, advance } = await setUp();
    sessions(canary, 2, { errors: 5 });
    advance(3_600);
    await canary.judge();
    expect(canary.state().canaries.chat?.status).toBe('running');
    expect(canary.judgeNow(runningCanary()).verdict).toBe('waiting');
  });

  it("promotes a healthy canary after the set time: its manifest is everyone's", async () => {
    const { canary, advance, series } = await setUp();
    sessions(canary, 3);
    await canary.judge();
    expect(canary.state().canaries.chat?.status).toBe('running');
    advance(60);
    await canary.judge();
    expect(canary.state().canaries.chat?.status).toBe('promoted');
    expect(canary.assign(request()).config.remotes.chat).toBe(CANARY_MANIFEST);
    expect(await series()).toContain('frontend_canary_decisions_total{remote="chat",decision="promote"} 1');
  });

  it('ignores beacons without a valid cookie: forged ones cannot force a rollback', async () => {
    const { canary } = await setUp();
    sessions(canary, 3);
    const forged = Buffer.from(JSON.stringify({ chat: { id: 'c0ffee12', arm: 'canary' } })).toString(
      'base64url',
    );
    for (let index = 0; index < 50; index++) {
      const beacon = chatBeacon(`forged-${index}-tab`, 'release-5', { errors: 10 });
      canary.observe(beacon, { address: `10.1.0.${index}`, cookie: undefined } as BeaconRequest);
      canary.observe(beacon, {
        address: `10.1.0.${index}`,
        cookie: `chat-canary=${forged}.x`,
      } as BeaconRequest);
    }
    await canary.judge();
    expect(canary.figures(runningCanary()).canary).toMatchObject({ sessions: 3, errors: 0 });
    expect(canary.state().canaries.chat?.status).toBe('running');
  });

  it('counts at most the set number of sessions from one address', async () => {
    const { canary } = await setUp({ sessionsPerAddress: 2 });
    const tab = browser(canary, '203.0.113.9');
    for (let index = 0; index < 20; index++) tab.send(`one-machine-${index}`, { errors: 3 });
    expect(canary.figures(runningCanary())[tab.arm]).toMatchObject({ sessions: 2 });
  });

  it('keeps its canaries, decisions and cookie secret across a restart (the data folder)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'shell-canary-'));
    const first = await setUp({ store: fileStateStore(directory), state: null });
    await first.canary.update((state) => ({ ...state, canaries: { chat: runningCanary() } }));
    const tab = browser(first.canary);
    const second = await setUp({ store: fileStateStore(directory) });
    expect(second.canary.state()).toEqual(first.canary.state());
    // The browser's cookie still holds: same arm, nothing re-drawn.
    const again = second.canary.assign(request(tab.cookie));
    expect(again.setCookie).toBeUndefined();
    expect(again.config.remotes.chat === CANARY_MANIFEST ? 'canary' : 'baseline').toBe(tab.arm);
  });

  it('serves every browser the baseline when its store cannot be read (Redis down), and does not overwrite it', async () => {
    const saves: CanaryState[] = [];
    const down: StateStore = {
      where: 'redis down',
      load: () => Promise.reject(new Error('connect ECONNREFUSED')),
      save: async (state) => {
        saves.push(state);
      },
      close: async () => {},
    };
    const { canary } = await setUp({ store: down });
    expect(canary.assign(request()).config.remotes).toEqual(config.remotes);
    await expect(canary.judge()).rejects.toThrow('ECONNREFUSED');
    expect(saves).toEqual([]);
  });
});
