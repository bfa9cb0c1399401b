import { type ReactNode, StrictMode } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/runtime-config';
import { AppProviders } from '../providers/app-providers';
import { createAppServices } from '../services/create-app-services';
import { useSession } from '../services/services-context';
import { SessionGate } from '../session/session-gate';
import { mountApp } from '../startup/mount-app';
import { renderApp } from '../startup/render-app';
import { StandaloneSignIn } from './standalone-sign-in';

type RenderScreen = (location: { pathname: string; search: string }) => ReactNode;

export interface StandaloneOptions {
  /** The screen needs a signed-in user (every remote's but the login screen's): sign in first. */
  requiresSession?: boolean;
}

/** The standalone host: the shell's services and providers around one remote's screen. */
export function startStandalone(
  render: RenderScreen,
  { requiresSession = true }: StandaloneOptions = {},
): void {
  mountApp((container) => start(container, render, requiresSession));
}

async function start(container: HTMLElement, render: RenderScreen, requiresSession: boolean) {
  const config = await loadRuntimeConfig();
  let navigate: (to: string, options?: { replace?: boolean }) => void = (to) => window.location.assign(to);
  // A remote alone has no login route: an ended session reloads its own page, which asks to sign in again.
  const services = createAppServices(
    config,
    { navigate: (to, options) => navigate(to, options), preload: () => {} },
    { onEnded: () => window.location.reload() },
  );

  function Screen() {
    navigate = useNavigate();
    const location = useLocation();
    const signedIn = useSession((state) => state.user !== null);
    return requiresSession && !signedIn ? <StandaloneSignIn /> : render(location);
  }

  await renderApp(
    container,
    <StrictMode>
      <BrowserRouter>
        <AppProviders services={services}>
          <SessionGate>
            <Screen />
          </SessionGate>
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
