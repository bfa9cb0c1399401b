import type { EchoLoader, RemoteModuleExports, RemoteModuleId, RuntimeConfig } from '@chat/shared';
import { remoteNames, remoteOf } from '@chat/shared';
import { getInstance } from '@module-federation/enhanced/runtime';
import { healthReport } from '../health/health-report';
import { LOAD_FAILED } from './remote-load-error';

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The federation runtime is not initialised');
  return instance;
}

/** Registers every remote from the served configuration; nothing about them is in the shell's build. */
export function registerRemotes(config: RuntimeConfig): void {
  federation().registerRemotes(remoteNames.map((name) => ({ name, entry: config.remotes[name] })));
}

/** Drops what the runtime cached about a remote, so the next load fetches its manifest again. */
export function resetRemote(config: RuntimeConfig, id: RemoteModuleId): void {
  const name = remoteOf(id);
  federation().registerRemotes([{ name, entry: config.remotes[name] }], { force: true });
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
