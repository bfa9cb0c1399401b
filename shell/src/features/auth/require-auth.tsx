import { routes, useSession } from '@chat/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/** The spec leaves the home route's guard open: an anonymous visitor is sent to sign in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  return isAuthenticated ? children : <Navigate to={routes.login} replace />;
}
