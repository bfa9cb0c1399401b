import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/runtime-config';
import { AppProviders } from '../providers/app-providers';
import { createAppServices } from '../services/create-app-services';
import { SessionGate } from '../session/session-gate';

/** The standalone dev host: the shell's services and providers around one remote's screen. */
export async function startStandalone(render: (location: { pathname: string; search: string }) => ReactNode) {
  const config = await loadRuntimeConfig();
  let navigate: (to: string, options?: { replace?: boolean }) => void = (to) => window.location.assign(to);
  const services = createAppServices(config, {
    navigate: (to, options) => navigate(to, options),
    preload: () => {},
  });

  function Screen() {
    navigate = useNavigate();
    return render(useLocation());
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  createRoot(container).render(
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
