import {
  AppProviders,
  type AppServices,
  createAppServices,
  meQueryOptions,
  mountApp,
  renderApp,
  routes,
  SessionGate,
} from '@chat/shared';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { firstScreen, runtimeConfig } from './app/early-start';
import { preloadRoute } from './app/preload-route';
import { createAppRouter } from './app/router';
import { followRuntimeConfig } from './federation/follow-runtime-config';
import { followsConfig, registerRemotes } from './federation/remotes';
import { holdFirstScreen } from './first-screen/hold-first-screen';
import { startHealthReporting } from './health/start-health-reporting';
import { registerServiceWorker } from './service-worker/register-service-worker';

async function start(root: HTMLElement) {
  // Fetched by the entry before the shared packages arrived (./app/early-start).
  const config = await runtimeConfig;
  startHealthReporting();
  registerRemotes(config);
  const router = createAppRouter();
  const services: AppServices = createAppServices(config, {
    navigate: (to, options) => void router.navigate(to, options),
    preload: (to) => preloadRoute(services, to),
  });
  // A remote's address changed in the served configuration (a canary rolled back or promoted) reaches this
  // tab within seconds, without a reload.
  if (followsConfig) followRuntimeConfig(config, services.queryClient);
  // The session check and the landing screen's remote and data all start now, together, rather than one
  // after another as the tree renders. Signed out, every route leads to the login screen, and the data
  // would only answer 401.
  const signedIn = services.session.getState().token !== null;
  if (firstScreen) {
    // The server drew the screen from these answers, and verified the session with the first: the page
    // starts from them rather than asking again (fresh for as long as any answer is).
    for (const [queryKey, data] of firstScreen.queries) services.queryClient.setQueryData(queryKey, data);
    services.session.getState().setUser(firstScreen.me);
    holdFirstScreen(root);
  } else if (signedIn) void services.queryClient.prefetchQuery(meQueryOptions(services.http));
  preloadRoute(services, signedIn ? `${window.location.pathname}${window.location.search}` : routes.login);
  await renderApp(
    root,
    <StrictMode>
      <AppProviders services={services}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </AppProviders>
    </StrictMode>,
  );
  // Signed-in pages only: a session's end unregisters it, and the login screen must not bring it back.
  if (signedIn) registerServiceWorker(() => !services.session.getState().ended);
}

mountApp(start);
