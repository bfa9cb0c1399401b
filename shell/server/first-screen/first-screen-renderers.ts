import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import {
  FIRST_SCREEN_MANIFEST,
  FIRST_SCREEN_PROTOCOL,
  type FirstScreenManifest,
  type FirstScreenRenderer,
} from '@chat/shared/first-screen';

const RECHECK_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

export interface FirstScreenRenderers {
  /**
   * The server build of the remote whose browser manifest is `manifestUrl`, if it is loaded already; else
   * null, and it starts loading, so a request never waits for a remote's code (that page is drawn by the
   * browser, as on any static host). Re-checked every 30 s: a deploy is drawn by its own build.
   */
  ready(manifestUrl: string): FirstScreenRenderer | null;
}

interface Loaded {
  version: string | null;
  renderer: FirstScreenRenderer | null;
  checkedAt: number;
  checking: boolean;
}

async function json<T>(url: URL | string, fetchFn: typeof fetch): Promise<T> {
  const response = await fetchFn(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const require = createRequire(import.meta.url);

/**
 * Evaluates a remote's CommonJS server build. It runs with this server's privileges: a remote's origin is
 * trusted as the shell's own deploy is (docs/operations.md), and only manifests the running configuration
 * or an operator's canary names are ever loaded.
 */
function evaluate(code: string, filename: string): FirstScreenRenderer | null {
  const module: { exports: Partial<FirstScreenRenderer> } = { exports: {} };
  const wrapped = runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename });
  wrapped(module.exports, require, module);
  const { renderChatRoom, renderRoomList } = module.exports;
  return typeof renderChatRoom === 'function' || typeof renderRoomList === 'function' ? module.exports : null;
}

export function createFirstScreenRenderers(
  fetchFn: typeof fetch = fetch,
  log: (message: string) => void = console.warn,
): FirstScreenRenderers {
  const loaded = new Map<string, Loaded>();

  async function check(manifestUrl: string, entry: Loaded): Promise<void> {
    entry.checking = true;
    try {
      const manifestOfDrawing = new URL(FIRST_SCREEN_MANIFEST, manifestUrl);
      const [browser, server] = await Promise.all([
        json<{ metaData?: { buildInfo?: { buildVersion?: string } } }>(manifestUrl, fetchFn),
        json<FirstScreenManifest>(manifestOfDrawing, fetchFn).catch(() => null),
      ]);
      const version = browser.metaData?.buildInfo?.buildVersion ?? null;
      // A release from before server drawing, another protocol, or a half-finished upload: not drawn.
      if (!server || server.protocol !== FIRST_SCREEN_PROTOCOL || server.buildVersion !== version) {
        Object.assign(entry, { version, renderer: null });
        return;
      }
      if (version === entry.version && entry.renderer) return;
      const file = new URL(server.entry, manifestOfDrawing);
      const response = await fetchFn(file, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${file} answered ${response.status}`);
      Object.assign(entry, { version, renderer: evaluate(await response.text(), file.href) });
    } catch (error) {
      // Kept as it was (a remote briefly down keeps its last build's drawing); said once per check.
      log(`First screen: the server build beside ${manifestUrl} could not be read: ${String(error)}`);
    } finally {
      entry.checkedAt = Date.now();
      entry.checking = false;
    }
  }

  return {
    ready(manifestUrl) {
      let entry = loaded.get(manifestUrl);
      if (!entry) {
        entry = { version: null, renderer: null, checkedAt: 0, checking: false };
        loaded.set(manifestUrl, entry);
      }
      if (!entry.checking && Date.now() - entry.checkedAt >= RECHECK_MS) void check(manifestUrl, entry);
      return entry.renderer;
    },
  };
}
