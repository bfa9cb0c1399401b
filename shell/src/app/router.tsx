import { routes } from '@chat/shared';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AuthLayout } from '../features/auth/auth-layout';
import { LoginRoute } from '../features/auth/login-route';
import { RequireAuth } from '../features/auth/require-auth';
import { HomePage } from '../features/home/home-page';
import { NotFound } from './not-found';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: routes.home,
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          index: true,
          element: (
            <RequireAuth>
              <HomePage />
            </RequireAuth>
          ),
        },
        {
          path: routes.auth,
          element: <AuthLayout />,
          children: [
            { index: true, element: <Navigate to={routes.login} replace /> },
            { path: routes.login, element: <LoginRoute /> },
          ],
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
