import type {
  EchoLoader,
  RemoteModuleExports,
  RemoteModuleId,
  RemoteName,
  RuntimeConfig,
} from '@chat/shared';
import { remoteNames, remoteOf } from '@chat/shared';
import { announceHandover } from '@chat/shared/handover';
import { getInstance } from '@module-federation/enhanced/runtime';
import { healthReport } from '../health/health-report';
import { entryOf, setRemoteEntries, setRemoteEntry } from './remote-entries';
import { LOAD_FAILED } from './remote-load-error';

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The federation runtime is not initialised');
  return instance;
}

/** This build loads remotes from addresses, which a later read of the configuration can change. */
export const followsConfig: boolean = true;

/** Registers every remote from the served configuration; nothing about them is in the shell's build. */
export function registerRemotes(config: RuntimeConfig): void {
  setRemoteEntries(config);
  federation().registerRemotes(remoteNames.map((name) => ({ name, entry: config.remotes[name] })));
}

/** Drops what the runtime cached about a remote, so the next load fetches its manifest again. */
export function resetRemote(id: RemoteModuleId): void {
  const name = remoteOf(id);
  federation().registerRemotes([{ name, entry: entryOf(name) }], { force: true });
}

/**
 * Moves a remote to another manifest in the running page (a canary rolled back or promoted): its mounted
 * modules hear the handover first and save what they keep in memory, the runtime forgets the old container,
 * and the slots, keyed by the address, unmount the old version and load the new one. A loaded container
 * cannot be unloaded; the old one stays in memory, idle (its modules released their subscriptions and timers
 * as they unmounted, and its chunk-loading global is its version's own, see shared/build/create-app-config.ts).
 */
export function replaceRemote(name: RemoteName, entry: string): void {
  announceHandover(name);
  federation().registerRemotes([{ name, entry }], { force: true });
  setRemoteEntry(name, entry);
}

/** The exposed module: its screen (`default`) and what it says it can do (`RemoteModuleExports`). */
export async function loadRemoteModule<Id extends RemoteModuleId>(
  id: Id,
  echo: EchoLoader,
): Promise<RemoteModuleExports<Id>> {
  const started = performance.now();
  const report = (outcome: 'ok' | 'error') => {
    healthReport.load({ app: remoteOf(id), stage: 'module', outcome, ms: performance.now() - started });
    if (outcome === 'error') healthReport.error(remoteOf(id), 'load');
  };
  const module = await federation()
    .loadRemote<RemoteModuleExports<Id>>(id)
    .catch((error: unknown) => {
      report('error');
      throw error;
    });
  if (!module?.default) {
    report('error');
    throw new Error(`${id} has no default export`);
  }
  report(LOAD_FAILED in module ? 'error' : 'ok');
  // A remote of a release before Echo loaded on demand calls `echo()` as it renders.
  if (!module.echoOnDemand) await echo.load();
  return module;
}
