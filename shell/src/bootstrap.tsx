import {
  AppProviders,
  type AppServices,
  createAppServices,
  loadRuntimeConfig,
  mountApp,
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
