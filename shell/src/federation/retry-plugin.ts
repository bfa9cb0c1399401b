import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const ATTEMPTS = 3;
const BACKOFF_MS = 300;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a remote's manifest fetch and its entry script, so one dropped request does not cost the user a
 * screen (the chunks behind them are retried by Rsbuild's assets-retry plugin, in every app's build).
 * Module Federation's own retry plugin would do both, but the registry here serves only its 0.17 line,
 * built against a runtime two majors behind ours (2.9) and bringing a second copy of the SDK.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'chat-retry-plugin',
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const retry = async () => {
        for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
          await wait(BACKOFF_MS * attempt);
          // The runtime remembers the failed load under this key; forget it so the script is fetched again.
          delete globalLoading[uniqueKey];
          try {
            const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (entry) return entry;
          } catch (error) {
            if (attempt === ATTEMPTS - 1) throw error;
          }
        }
        return undefined;
      };
      // The hook's type wraps the entry in a second promise; the runtime awaits whatever it is given.
      return retry() as unknown as Promise<Promise<typeof remoteEntryExports>>;
    },
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const response = await globalThis.fetch(url, init);
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
        if (attempt < ATTEMPTS) await wait(BACKOFF_MS * attempt);
      }
      throw lastError;
    },
  };
}
