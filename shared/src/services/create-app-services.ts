import type { RuntimeConfig } from '../config/runtime-config';
import { createHttpClient } from '../http/create-http-client';
import { createQueryClient } from '../query/create-query-client';
import { createNotifier } from '../query/notifier';
import { createEchoLoader } from '../realtime/create-echo-loader';
import { createSessionStore, type SessionStoreOptions } from '../session/create-session-store';
import type { AppServices, Navigation } from './app-services';

/** Builds the singletons once per page: by the shell, or by a remote's standalone host. */
export function createAppServices(
  config: RuntimeConfig,
  navigation: Navigation,
  sessionOptions?: SessionStoreOptions,
): AppServices {
  const session = createSessionStore(sessionOptions);
  const http = createHttpClient({ apiUrl: config.apiUrl, session });
  const notifier = createNotifier();
  return {
    config,
    http,
    echo: createEchoLoader(config, http),
    session,
    notifier,
    queryClient: createQueryClient(notifier),
    navigation,
  };
}
