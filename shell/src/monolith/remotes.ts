import type { RemoteModuleExports, RemoteModuleId } from '@chat/shared';
import type * as Federated from '../federation/remotes';

/**
 * The monolith build's stand-in for `../federation/remotes` (swapped in by an alias in rsbuild.config.ts):
 * each remote's exposed module is an ordinary lazy chunk of this one app, so routes split the same way.
 */
const localModules: { [Id in RemoteModuleId]: () => Promise<RemoteModuleExports<Id>> } = {
  'auth/LoginPage': () => import('@chat/auth-remote/exposes/login-page'),
  'rooms/RoomsPage': () => import('@chat/rooms-remote/exposes/rooms-page'),
  'rooms/YourRooms': () => import('@chat/rooms-remote/exposes/your-rooms'),
  'chat/ChatRoom': () => import('@chat/chat-remote/exposes/chat-room'),
};

/** No address to follow: the modules are part of the build. */
export const followsConfig: typeof Federated.followsConfig = false;

/** Nothing to register: the modules are part of the build. */
export const registerRemotes: typeof Federated.registerRemotes = () => {};

/** A failed chunk load is not cached by the bundler, so Retry simply imports again. */
export const resetRemote: typeof Federated.resetRemote = () => {};

/** The modules are part of the build: a new address in the configuration changes nothing here. */
export const replaceRemote: typeof Federated.replaceRemote = () => {};

/** Every module is of this build, which reaches Echo on demand: nothing to load before it. */
export const loadRemoteModule: typeof Federated.loadRemoteModule = (id) => localModules[id]();
