import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import type { HttpClient } from '../http/create-http-client';
import { AppProviders } from '../providers/app-providers';
import type { AppServices, Navigation } from '../services/app-services';
import { createAppServices } from '../services/create-app-services';

export const testConfig: RuntimeConfig = {
  apiUrl: 'http://api.test/api/',
  websocket: { key: 'test-key', host: 'ws.test', port: 8080, tls: false },
  remotes: {
    auth: 'http://auth.test/mf-manifest.json',
    rooms: 'http://rooms.test/mf-manifest.json',
    chat: 'http://chat.test/mf-manifest.json',
  },
};

/**
 * Real services with the network edge replaced: pass an `http` whose methods answer as the API
 * would. Everything between the screen and that edge (query cache, notifications) is the real code.
 */
export function createTestServices(
  overrides: Partial<Omit<AppServices, 'navigation'>> & { navigation?: Partial<Navigation> } = {},
): AppServices {
  const { navigation, ...rest } = overrides;
  const services = createAppServices(testConfig, {
    navigate: navigation?.navigate ?? (() => {}),
    preload: navigation?.preload ?? (() => {}),
  });
  services.queryClient.setDefaultOptions({
    queries: { ...services.queryClient.getDefaultOptions().queries, retry: false },
  });
  return { ...services, ...rest };
}

export function renderWithServices(ui: ReactElement, services: AppServices = createTestServices()) {
  return { services, ...render(<AppProviders services={services}>{ui}</AppProviders>) };
}

/** An HttpClient whose every method rejects unless the test gives it an answer. */
export function stubHttp(answers: Partial<HttpClient> = {}): HttpClient {
  const unexpected = (method: string) => (url: string) =>
    Promise.reject(new Error(`Unexpected ${method} ${url}`));
  return {
    get: unexpected('GET'),
    post: unexpected('POST'),
    put: unexpected('PUT'),
    delete: unexpected('DELETE'),
    ...answers,
  } as HttpClient;
}
