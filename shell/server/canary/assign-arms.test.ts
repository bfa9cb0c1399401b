import { describe, expect, it } from '@rstest/core';
import { assignArms } from './assign-arms';
import { CANARY_MANIFEST, config, runningCanary, stateWith } from './canary-fixtures';

const draw = (value: number) => () => value;

describe('assignArms', () => {
  it("draws a browser without a cookie by the canary's share", () => {
    const state = stateWith(runningCanary({ share: 30 }));
    const inCanary = assignArms(state, config, null, draw(0.29));
    expect(inCanary.config.remotes.chat).toBe(CANARY_MANIFEST);
    expect(inCanary.assignments).toEqual({ chat: { id: 'c0ffee12', arm: 'canary' } });
    expect(inCanary.changed).toBe(true);
    const outside = assignArms(state, config, null, draw(0.3));
    expect(outside.config.remotes.chat).toBe(config.remotes.chat);
    expect(outside.assignments).toEqual({ chat: { id: 'c0ffee12', arm: 'baseline' } });
    // The other remotes and the rest of the configuration are the same for everyone.
    expect(outside.config.remotes.rooms).toBe(config.remotes.rooms);
    expect(inCanary.config.apiUrl).toBe(config.apiUrl);
  });

  it('sends about the share of many browsers to the canary', () => {
    const state = stateWith(runningCanary({ share: 20 }));
    const drawn = Array.from({ length: 5_000 }, () => assignArms(state, config, null).assignments.chat?.arm);
    const share = drawn.filter((arm) => arm === 'canary').length / drawn.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
  });

  it('keeps a browser in the arm its cookie names, whatever the draw would say', () => {
    const state = stateWith(runningCanary());
    const cookie = { chat: { id: 'c0ffee12', arm: 'canary' as const } };
    const again = assignArms(state, config, cookie, draw(0.99));
    expect(again.config.remotes.chat).toBe(CANARY_MANIFEST);
    expect(again.changed).toBe(false);
  });

  it('leaves an undrawn browser on the baseline when only /config.json is asked (no draw)', () => {
    const state = stateWith(runningCanary({ share: 100 }));
    const undrawn = assignArms(state, config, null, draw(0), false);
    expect(undrawn.config.remotes.chat).toBe(config.remotes.chat);
    expect(undrawn.assignments).toEqual({});
    expect(undrawn.changed).toBe(false);
    // A browser the page drew keeps its arm when /config.json is read again.
    const cookie = { chat: { id: 'c0ffee12', arm: 'canary' as const } };
    expect(assignArms(state, config, cookie, draw(0.99), false).config.remotes.chat).toBe(CANARY_MANIFEST);
  });

  it('draws again for a cookie of an earlier canary', () => {
    const state = stateWith(runningCanary({ id: 'beef0001' }));
    const stale = assignArms(state, config, { chat: { id: 'c0ffee12', arm: 'canary' } }, draw(0.99));
    expect(stale.assignments).toEqual({ chat: { id: 'beef0001', arm: 'baseline' } });
    expect(stale.changed).toBe(true);
  });

  it('gives the canary browsers the baseline once it is rolled back, and drops their entry', () => {
    const state = stateWith(runningCanary({ status: 'rolled-back', share: 0 }));
    const after = assignArms(state, config, { chat: { id: 'c0ffee12', arm: 'canary' } }, draw(0));
    expect(after.config.remotes.chat).toBe(config.remotes.chat);
    expect(after.assignments).toEqual({});
    expect(after.changed).toBe(true);
    expect(after.switchable).toEqual([]);
  });

  it("gives everyone the canary's manifest once promoted, until the environment names another", () => {
    const promoted = { chat: { manifest: CANARY_MANIFEST, replaced: config.remotes.chat } };
    const state = stateWith(runningCanary({ status: 'promoted', share: 0 }), { promoted });
    expect(assignArms(state, config, null, draw(0.99)).config.remotes.chat).toBe(CANARY_MANIFEST);
    const redeployed = {
      ...config,
      remotes: { ...config.remotes, chat: 'http://next.test/mf-manifest.json' },
    };
    expect(assignArms(state, redeployed, null).config.remotes.chat).toBe('http://next.test/mf-manifest.json');
  });

  it("lists both arms' manifests for the page's CSP while a canary runs", () => {
    const assigned = assignArms(stateWith(runningCanary()), config, null, draw(0.9));
    expect(assigned.switchable).toEqual([CANARY_MANIFEST, config.remotes.chat]);
  });
});
