import { type RemoteModuleId, type RemoteName, type RuntimeConfig, remoteOf } from '@chat/shared';
import { RUNTIME_CONFIG_PATH } from '@chat/shared/config-from-env';
import { announceHandover } from '@chat/shared/handover';
import type { QueryClient } from '@tanstack/react-query';
import { changedRemotes, refreshDelayMs } from './changed-remotes';
import { remoteEntries } from './remote-entries';
import { replaceRemote } from './remotes';

/** The address this tab reloaded for (sessionStorage): a second refusal of the same one does not reload again. */
const RELOADED_FOR = 'chat.reloaded-for-remote';

/** Addresses the page's CSP refused, as the browser reported them. */
const refused: string[] = [];

/**
 * Whether this page may load a remote from `manifest`: its manifest answers. A refusal by the page's CSP (an
 * origin the page was not served for, e.g. a canary started after it loaded) is told apart from an address
 * that is down: the browser reports the violation as a task of its own, by the time a short wait is over.
 */
async function reach(manifest: string): Promise<'ok' | 'down' | 'refused'> {
  try {
    const response = await fetch(manifest, { cache: 'no-store' });
    return response.ok ? 'ok' : 'down';
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const origin = new URL(manifest, window.location.href).origin;
    return refused.some((uri) => uri.startsWith(origin)) ? 'refused' : 'down';
  }
}

function reloadOnceFor(name: RemoteName, entry: string): void {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === entry) return;
    sessionStorage.setItem(RELOADED_FOR, entry);
  } catch {
    return;
  }
  // What the remote keeps in memory is saved as for a swap; drafts and the outbox are in storage already.
  announceHandover(name);
  window.location.reload();
}

async function move(name: RemoteName, entry: string, queryClient: QueryClient): Promise<void> {
  const reached = await reach(entry);
  // Down: the slot keeps the version it runs, and the next read tries again.
  if (reached === 'down') return;
  if (reached === 'refused') {
    reloadOnceFor(name, entry);
    return;
  }
  replaceRemote(name, entry);
  queryClient.removeQueries({
    queryKey: ['remote-module'],
    predicate: ({ queryKey: [, id, from] }) =>
      typeof id === 'string' && remoteOf(id as RemoteModuleId) === name && from !== entry,
  });
}

/**
 * Re-reads the served configuration every `configRefreshSeconds` (10 by default), hidden or not, and moves a
 * remote whose address changed to the new one in place, without a reload (./remotes.ts, replaceRemote): how a
 * canary's rollback or promotion reaches the tabs already open. A read that fails changes nothing. Where the
 * page may not load the new address (its CSP was made for other origins) the tab reloads once instead, after
 * the same handover. Returns the stop.
 */
export function followRuntimeConfig(config: RuntimeConfig, queryClient: QueryClient): () => void {
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    refused.push(event.blockedURI);
    // Only the last few matter (a probe looks right after its own fetch).
    if (refused.length > 20) refused.shift();
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const read = async (): Promise<number> => {
    const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
    if (!response.ok) return refreshDelayMs(null);
    const served: unknown = await response.json();
    for (const name of changedRemotes(remoteEntries.getState().current, served))
      await move(name, (served as RuntimeConfig).remotes[name], queryClient);
    return refreshDelayMs(served);
  };
  const next = (delay: number) => {
    if (!stopped) timer = setTimeout(tick, delay);
  };
  let delay = refreshDelayMs(config);
  const tick = () => {
    void read().then(
      (answered) => {
        delay = answered;
        next(delay);
      },
      () => next(delay),
    );
  };
  next(delay);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('securitypolicyviolation', onViolation);
  };
}
