import type { RuntimeConfig } from '../config/runtime-config';
import { createHttpClient } from '../http/create-http-client';
import { createQueryClient } from '../query/create-query-client';
import { createNotifier } from '../query/notifier';
import { createEchoFactory } from '../realtime/create-echo';
import { createSessionStore } from '../session/create-session-store';
import type { AppServices, Navigation } from './app-services';

/** Builds the singletons once per page: by the shell, or by a remote's standalone host. */
export function createAppServices(config: RuntimeConfig, navigation: Navigation): AppServices {
  const http = createHttpClient({ apiUrl: config.apiUrl });
  const notifier = createNotifier();
  return {
    config,
    http,
    echo: createEchoFactory(config, http),
    session: createSessionStore(),
    notifier,
    queryClient: createQueryClient(notifier),
    navigation,
  };
}
