import type { IncomingMessage } from 'node:http';
import type { RuntimeConfig } from '@chat/shared';
import { trustedProxyHops } from '../client-address';
import type { ShellHealth } from '../shell-health';
import type { CheckDeploy } from './canary-admin';
import { createCanaryEndpoint } from './canary-endpoint';
import { canarySettingsFromEnv } from './canary-settings';
import { createShellCanary } from './create-shell-canary';
import { stateStoreFromEnv } from './state-store';

type Env = Record<string, string | undefined>;

/**
 * The shell's server's canary as its environment sets it up (docs/operations.md#canary-releases): settings,
 * state store, secret; the beacons of `health` feed its judge, which starts at once.
 */
export async function canaryFromEnv(
  env: Env,
  {
    config,
    health,
    dataDir,
    checkDeploy,
  }: { config: RuntimeConfig; health: ShellHealth; dataDir: string; checkDeploy: CheckDeploy },
) {
  const canary = await createShellCanary({
    config,
    settings: canarySettingsFromEnv(env),
    store: stateStoreFromEnv(env, dataDir),
    versions: health.versions,
    registry: health.metrics.registry,
    secret: env.CANARY_SECRET || undefined,
    isSecure: (req: IncomingMessage) =>
      ('encrypted' in req.socket && req.socket.encrypted === true) ||
      (trustedProxyHops(env) > 0 && req.headers['x-forwarded-proto'] === 'https'),
  });
  health.onBeacon(canary.observe);
  const stopJudge = canary.start();
  return {
    assign: canary.assign,
    handle: createCanaryEndpoint(canary, checkDeploy),
    async stop() {
      stopJudge();
      await canary.store.close();
    },
  };
}
