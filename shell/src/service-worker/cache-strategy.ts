/**
 * What the service worker does with one request:
 * - `cache-first`: a file under a `static/` folder of the shell or of a remote (any origin). Its name carries a
 *   content hash (or the version of the library that wrote it), and the static server already sends it as
 *   immutable for a year (scripts/serve-app.ts): a new build is a new URL, so a kept copy is never stale.
 * - `network-first`: a remote's `remoteEntry.js` where a build names it without a hash: a deploy changes it at
 *   the same URL, so the network decides and the kept copy only stands in when the network fails.
 * - `network`: everything else, which the worker does not touch: every page (the server personalises it: CSP
 *   nonce, signed-in frame, canary cookie), `/config.json` and the manifests (a deploy, a rollback or a
 *   canary's assignment must be seen at the next load), the API, `/metrics`, beacons and `/sw.js` itself.
 */
export type CacheStrategy = 'cache-first' | 'network-first' | 'network';

/** The caches the worker writes; log out deletes every cache of the origin, these included. */
export const CACHE_NAMES = {
  'cache-first': 'chat-static',
  'network-first': 'chat-remote-entries',
} as const satisfies Record<Exclude<CacheStrategy, 'network'>, string>;

/** The parts of a Request the decision reads (a plain object in tests). */
export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page load. */
  mode: string;
}

/** Same-origin paths that answer per visitor or per moment, whatever their names look like. */
const NEVER_KEPT = /^\/(api|broadcasting|beacon|metrics|canary)(\/|$)/;

export function cacheStrategyFor({ url, method, mode }: RequestFacts, workerOrigin: string): CacheStrategy {
  if (method !== 'GET' || mode === 'navigate') return 'network';
  const parsed = new URL(url, workerOrigin);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'network';
  // A query makes it a request the build never wrote (a cache-buster, an API call with a static-looking path).
  if (parsed.search !== '') return 'network';
  const path = parsed.pathname;
  if (parsed.origin === workerOrigin && NEVER_KEPT.test(path)) return 'network';
  if (path.endsWith('/remoteEntry.js')) return 'network-first';
  if (path.includes('/static/') && !path.endsWith('/')) return 'cache-first';
  return 'network';
}
