import { describe, expect, it } from '@rstest/core';
import { changedRemotes, DEFAULT_REFRESH_SECONDS, refreshDelayMs } from './changed-remotes';

const current = {
  auth: 'http://localhost:3001/mf-manifest.json',
  rooms: 'http://localhost:3002/mf-manifest.json',
  chat: 'http://localhost:4601/mf-manifest.json',
};

describe('changedRemotes', () => {
  it('names the remotes whose address the served configuration changed (a canary rolled back)', () => {
    const served = { remotes: { ...current, chat: 'http://localhost:3003/mf-manifest.json' } };
    expect(changedRemotes(current, served)).toEqual(['chat']);
  });

  it('leaves a remote as it is when the configuration names none, or nothing it can load', () => {
    expect(changedRemotes(current, { remotes: current })).toEqual([]);
    expect(changedRemotes(current, { remotes: { auth: '', rooms: 7 } })).toEqual([]);
    expect(changedRemotes(current, {})).toEqual([]);
    expect(changedRemotes(current, null)).toEqual([]);
  });
});

describe('refreshDelayMs', () => {
  it('follows the served setting, and an older server that sends none gets the default', () => {
    expect(refreshDelayMs({ configRefreshSeconds: 2 })).toBe(2000);
    expect(refreshDelayMs({})).toBe(DEFAULT_REFRESH_SECONDS * 1000);
    expect(refreshDelayMs(null)).toBe(DEFAULT_REFRESH_SECONDS * 1000);
  });

  it('never reads more often than once a second, whatever a configuration says', () => {
    expect(refreshDelayMs({ configRefreshSeconds: 0.01 })).toBe(1000);
    expect(refreshDelayMs({ configRefreshSeconds: -5 })).toBe(DEFAULT_REFRESH_SECONDS * 1000);
    expect(refreshDelayMs({ configRefreshSeconds: '1' })).toBe(DEFAULT_REFRESH_SECONDS * 1000);
  });
});
