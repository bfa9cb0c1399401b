import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { pageCspNonce } from '../config/security-headers';
import type { AppServices } from '../services/app-services';
import { ServicesContext } from '../services/services-context';
import { appTheme } from '../theme/theme';

function NotifierBridge({ services }: { services: AppServices }) {
  const { notification } = App.useApp();
  useEffect(() => services.notifier.bind(notification), [services, notification]);
  return null;
}

/** Paints the page itself in the theme's layout colour, so no white shows around any screen. */
function PageBackground() {
  const { token } = theme.useToken();
  useEffect(() => {
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.body.style.margin = '0';
  }, [token]);
  return null;
}

/** The provider stack every screen runs inside, in the shell and in each remote's standalone host. */
const csp = { nonce: pageCspNonce() };

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <ConfigProvider theme={appTheme} csp={csp}>
          {/* Bottom-right, at most five (spec); lifted clear of the chat room's message bar. */}
          <App notification={{ placement: 'bottomRight', maxCount: 5, bottom: 72 }}>
            <NotifierBridge services={services} />
            <PageBackground />
            {children}
          </App>
        </ConfigProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
