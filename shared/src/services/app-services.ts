import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../config/runtime-config';
import type { HttpClient } from '../http/create-http-client';
import type { Notifier } from '../query/notifier';
import type { EchoLoader } from '../realtime/create-echo-loader';
import type { SessionStore } from '../session/create-session-store';

/** How a screen moves the user, and warms what the next screen needs before it is asked for. */
export interface Navigation {
  /** `state` rides with the history entry (the router's location state), e.g. SWITCHED_ROOM. */
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** Loads the code and data of `to` ahead of a click (hover/focus intent). */
  preload(to: string): void;
}

/**
 * Everything the host hands to the screens it mounts. Remotes get it only through `useServices()`,
 * never by importing the shell.
 */
export interface AppServices {
  config: RuntimeConfig;
  http: HttpClient;
  echo: EchoLoader;
  session: SessionStore;
  notifier: Notifier;
  queryClient: QueryClient;
  navigation: Navigation;
}
