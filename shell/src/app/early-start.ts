// Runs in the shell's entry, before the shared packages have arrived, so it imports none of them (a shared
// module cannot be used before the share scope is ready): constants and types only.
import type { RuntimeConfig } from '@chat/shared';
import { RUNTIME_CONFIG_PATH } from '@chat/shared/config-from-env';
import { hasAccessTokenCookie, routes } from '@chat/shared/constants';
import { readFirstScreenData } from '@chat/shared/first-screen';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { roomsPanelShown } from '../features/home/rooms-panel-shown';

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok)
    throw new Error(`Runtime configuration ${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const config = (await response.json()) as Partial<RuntimeConfig>;
  const missing = (['apiUrl', 'websocket', 'remotes'] as const).filter((key) => !config[key]);
  if (missing.length > 0)
    throw new Error(`Runtime configuration ${RUNTIME_CONFIG_PATH} lacks ${missing.join(', ')}`);
  return config as RuntimeConfig;
}

const signedIn = () => hasAccessTokenCookie(document.cookie);

type Landing = { name: keyof RuntimeConfig['remotes']; exposes: string[] }[];

/** The remotes and modules the landing screen shows, as bootstrap's preloadRoute decides them. */
function landingModules(): Landing {
  if (!signedIn() || window.location.pathname.startsWith(routes.auth))
    return [{ name: 'auth', exposes: ['LoginPage'] }];
  const params = new URLSearchParams(window.location.search);
  if (!params.get('room') && !params.get('dm'))
    return [{ name: 'rooms', exposes: ['RoomsPage', 'YourRooms'] }];
  // 'Your rooms' stands beside an open room where the screen is wide enough.
  const chat: Landing = [{ name: 'chat', exposes: ['ChatRoom'] }];
  return roomsPanelShown(true) ? [...chat, { name: 'rooms', exposes: ['YourRooms'] }] : chat;
}

/** The shell's federation runtime; none in the monolith build, which has no remotes to fetch. */
function shellFederation(): ModuleFederation | undefined {
  const global = globalThis as { __FEDERATION__?: { __INSTANCES__?: ModuleFederation[] } };
  return global.__FEDERATION__?.__INSTANCES__?.find((instance) => instance.name === 'shell');
}

/** The data of a page the shell's server drew (shell/server/first-screen), or null. */
export const firstScreen = readFirstScreenData();

/**
 * The configuration, asked for as soon as the entry runs, unless the page carries the one it was drawn with;
 * bootstrap starts from this same answer.
 */
export const runtimeConfig: Promise<RuntimeConfig> = firstScreen
  ? Promise.resolve(firstScreen.config)
  : fetchRuntimeConfig();
// A failure is bootstrap's to report (mountApp), when it awaits this; until then it is not unhandled.
runtimeConfig.catch(() => undefined);

/**
 * What the landing screen will wait on, started while the shell's shared packages download instead of after
 * them (on a phone, a round trip and its transfer each):
 * - signed in, the API's connection, for the credentialed requests of the session check and the screen's data;
 * - federated, the screen's remote: its entry and the exposed module's chunks, not its shared packages (the
 *   shell's are used). bootstrap registers the same remotes again, which the runtime takes as a no-op.
 */
export function preloadLandingScreen(): void {
  void runtimeConfig
    .then((config) => {
      if (signedIn()) {
        const origin = new URL(config.apiUrl).origin;
        document.head.append(
          Object.assign(document.createElement('link'), {
            rel: 'preconnect',
            href: origin,
            crossOrigin: 'use-credentials',
          }),
        );
      }
      const federation = shellFederation();
      if (!federation) return;
      const landing = landingModules();
      federation.registerRemotes(landing.map(({ name }) => ({ name, entry: config.remotes[name] })));
      return federation.preloadRemote(
        landing.map(({ name, exposes }) => ({ nameOrAlias: name, exposes, share: false, depsRemote: false })),
      );
    })
    // A preload that fails costs nothing: loading the screen reports and retries on its own.
    .catch(() => undefined);
}
