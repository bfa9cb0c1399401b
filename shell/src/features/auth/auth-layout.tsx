import { routes, useSession } from '@chat/shared';
import { Flex } from 'antd';
import { Navigate, Outlet } from 'react-router-dom';

/** Spec: a centred column, at most 500 wide, full viewport height; signed-in visitors go home. */
export function AuthLayout() {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  if (isAuthenticated) return <Navigate to={routes.home} replace />;
  return (
    <Flex
      component="main"
      vertical
      justify="center"
      style={{ maxWidth: 500, minHeight: '100vh', margin: '0 auto', padding: 16 }}
    >
      <Outlet />
    </Flex>
  );
}
