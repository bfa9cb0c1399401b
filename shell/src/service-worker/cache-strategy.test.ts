import { describe, expect, it } from '@rstest/core';
import { type CacheStrategy, cacheStrategyFor } from './cache-strategy';

const SHELL = 'https://chat.example';
const get = (url: string, mode = 'cors') => ({ url, method: 'GET', mode });
const strategy = (url: string, mode?: string) => cacheStrategyFor(get(url, mode), SHELL);

describe('cacheStrategyFor', () => {
  it.each<[string, CacheStrategy]>([
    // The shell's own build.
    [`${SHELL}/static/js/index.f53603f93a.js`, 'cache-first'],
    [`${SHELL}/static/js/async/812.3b1e2a9c4d.js`, 'cache-first'],
    [`${SHELL}/static/css/index.0a1b2c3d.css`, 'cache-first'],
    [`${SHELL}/static/js/assets-retry.2-0-2.js`, 'cache-first'],
    // A remote on another origin, its entry named by hash in its manifest, and one served under a path.
    ['https://chat-remote.example/static/js/chat.8c7acd26c3.js', 'cache-first'],
    ['https://cdn.example/rooms/v7/static/js/async/rooms.1a2b3c4d.js', 'cache-first'],
  ])('keeps %s once and serves it from the cache', (url, expected) => {
    expect(strategy(url)).toBe(expected);
  });

  it('asks the network first for an unhashed remote entry: a deploy changes it at the same URL', () => {
    expect(strategy('https://chat-remote.example/remoteEntry.js')).toBe('network-first');
    expect(strategy('https://cdn.example/chat/remoteEntry.js')).toBe('network-first');
  });

  it.each([
    // What a deploy, a rollback or a canary's cookie changes at the next load.
    `${SHELL}/config.json`,
    'https://chat-remote.example/mf-manifest.json',
    `${SHELL}/mf-manifest.json`,
    `${SHELL}/federation-contract.json`,
    // Per visitor or per moment.
    `${SHELL}/api/v1/me`,
    `${SHELL}/api/static/avatar.png`,
    `${SHELL}/metrics`,
    `${SHELL}/beacon`,
    `${SHELL}/canary`,
    `${SHELL}/broadcasting/auth`,
    'https://api.example/api/v1/chatrooms',
    // The worker itself: the browser's update check must see a new one, or the kill switch.
    `${SHELL}/sw.js`,
    `${SHELL}/favicon.svg`,
    // A static-looking name with a query is not a file the build wrote.
    `${SHELL}/static/js/index.f53603f93a.js?retry=1`,
    `${SHELL}/static/`,
  ])('leaves %s to the network', (url) => {
    expect(strategy(url)).toBe('network');
  });

  it('never keeps a page, whatever its path: the server personalises every one', () => {
    expect(strategy(`${SHELL}/`, 'navigate')).toBe('network');
    expect(strategy(`${SHELL}/static/js/index.f53603f93a.js`, 'navigate')).toBe('network');
    expect(strategy(`${SHELL}/rooms/12`, 'navigate')).toBe('network');
  });

  it('never answers a write from the cache', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      const request = { url: `${SHELL}/static/js/index.f53603f93a.js`, method, mode: 'cors' };
      expect(cacheStrategyFor(request, SHELL)).toBe('network');
    }
  });

  it('leaves other schemes alone', () => {
    expect(strategy('chrome-extension://abc/static/js/x.12345678.js')).toBe('network');
    expect(strategy('data:text/javascript,1')).toBe('network');
  });

  it('reads a relative URL against the worker origin', () => {
    expect(strategy('/static/js/index.f53603f93a.js')).toBe('cache-first');
    expect(strategy('/config.json')).toBe('network');
  });
});
