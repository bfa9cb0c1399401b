import {
  AppProviders,
  type AppServices,
  createAppServices,
  loadRuntimeConfig,
  mountApp,
  routes,
  SessionGate,
} from '@chat/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { preloadRoute } from './app/preload-route';
import { createAppRouter } from './app/router';
import { registerRemotes } from './federation/remotes';

async function start(root: HTMLElement) {
  const config = await loadRuntimeConfig();
  registerRemotes(config);
  const router = createAppRouter();
  const services: AppServices = createAppServices(config, {
    navigate: (to, options) => void router.navigate(to, options),
    preload: (to) => preloadRoute(services, to),
  });
  // The landing screen's remote and data load alongside the session check instead of after it. Signed out,
  // every route leads to the login screen, and the data would only answer 401.
  const landing = `${window.location.pathname}${window.location.search}`;
  preloadRoute(services, services.session.getState().token ? landing : routes.login);
  createRoot(root).render(
    <StrictMode>
      <AppProviders services={services}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </AppProviders>
    </StrictMode>,
  );
}

mountApp(start);
