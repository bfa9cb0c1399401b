import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
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
  const services = createAppServices(
    testConfig,
    {
      navigate: navigation?.navigate ?? (() => {}),
      preload: navigation?.preload ?? (() => {}),
    },
    // happy-dom would try to load the login page: a test that cares passes a session of its own.
    { onEnded: () => {} },
  );
  services.queryClient.setDefaultOptions({
    queries: { ...services.queryClient.getDefaultOptions().queries, retry: false },
  });
  return { ...services, ...rest };
}

/** The real provider stack, with antd's motion off: happy-dom never ends CSS transitions. */
export function renderWithServices(ui: ReactElement, services: AppServices = createTestServices()) {
  return {
    services,
    ...render(
      <AppProviders services={services}>
        <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
      </AppProviders>,
    ),
  };
}

// `never[]` lets a test declare the body it expects, e.g. `(url, data: CreateRoomPayload) => …`.
type Answer = (url: string, ...rest: never[]) => Promise<unknown>;

/** An HttpClient whose every method rejects unless the test gives it an answer. */
export function stubHttp(answers: Partial<Record<keyof HttpClient, Answer>> = {}): HttpClient {
  const call = <T,>(method: keyof HttpClient, url: string, rest: unknown[]) => {
    const answer = answers[method];
    const result = answer
      ? answer(url, ...(rest as never[]))
      : Promise.reject(new Error(`Unexpected ${method.toUpperCase()} ${url}`));
    // The test's answer stands in for whatever body type the caller expects.
    return result as Promise<T>;
  };
  return {
    get: (url, ...rest) => call('get', url, rest),
    post: (url, ...rest) => call('post', url, rest),
    put: (url, ...rest) => call('put', url, rest),
    delete: (url, ...rest) => call('delete', url, rest),
  };
}
