import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { OfflineBanner } from './offline-banner';

// Development builds only: production never downloads the devtools.
const QueryDevtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : null;

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      {QueryDevtools && (
        <Suspense>
          <QueryDevtools buttonPosition="bottom-right" />
        </Suspense>
      )}
    </>
  );
}
