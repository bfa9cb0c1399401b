import type { RemoteName } from '@chat/shared';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { setRemoteVersion } from '../health/app-versions';
import type { LoadOutcome, LoadStage } from '../health/beacon-fields';
import { healthReport } from '../health/health-report';

// Not @chat/shared's remoteNames: a runtime plugin runs in the entry, before any shared module can load.
const remotes: readonly string[] = ['auth', 'rooms', 'chat'] satisfies RemoteName[];
const isRemoteName = (name: string): name is RemoteName => remotes.includes(name);

/**
 * Reports the first two stages of each remote's load to the health beacon: its manifest (whose buildVersion
 * names the remote's version from then on) and its container (the remote entry). The third, the exposed
 * module, is timed where the shell asks for it (./remotes.ts). Loads the runtime answers from its cache are
 * not loads.
 */
export default function healthPlugin(): ModuleFederationRuntimePlugin {
  const started = new Map<string, number>();
  const start = (stage: LoadStage, name: string) => started.set(`${stage} ${name}`, performance.now());
  const finish = (stage: LoadStage, name: string, outcome: LoadOutcome) => {
    const key = `${stage} ${name}`;
    const at = started.get(key);
    if (at === undefined || !isRemoteName(name)) return;
    started.delete(key);
    healthReport.load({ app: name, stage, outcome, ms: performance.now() - at });
  };
  return {
    name: 'chat-health-plugin',
    beforeLoadManifest({ moduleInfo }) {
      start('manifest', moduleInfo.name);
    },
    afterLoadManifest({ moduleInfo, manifestJson, error, cached }) {
      if (cached) return;
      const version = manifestJson?.metaData?.buildInfo?.buildVersion;
      if (!error && isRemoteName(moduleInfo.name) && typeof version === 'string') {
        setRemoteVersion(moduleInfo.name, version);
      }
      finish('manifest', moduleInfo.name, error ? 'error' : 'ok');
    },
    loadEntry({ remoteInfo }) {
      start('container', remoteInfo.name);
    },
    afterLoadEntry({ remoteInfo, error, recovered, cached }) {
      if (cached) return;
      // Recovered: the retry plugin fetched the entry again and it came.
      finish('container', remoteInfo.name, error && !recovered ? 'error' : 'ok');
    },
    errorLoadRemote({ lifecycle, remote }) {
      // The retry plugin's last attempt failed too: the runtime gives up without an afterLoadEntry.
      if (lifecycle === 'onLoad' && remote) finish('container', remote.name, 'error');
    },
  };
}
