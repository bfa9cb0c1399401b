import { useQuery } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { meQueryOptions } from '../api/me';
import { useServices, useSession } from '../services/services-context';

/** Resolves the stored token into a user before anything renders (spec: "Verifying..."). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { http, session } = useServices();
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const ended = useSession((state) => state.ended);
  const me = useQuery({ ...meQueryOptions(http), enabled: token !== null });

  useEffect(() => {
    if (me.data) session.getState().setUser(me.data);
  }, [me.data, session]);

  // Until the user is in the store, routes would wrongly treat the visitor as signed out. Once the session
  // has ended the page is leaving for the login screen: rendering routes now would navigate a second time.
  if (ended || (token !== null && !user && !me.isError)) {
    return (
      <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '100vh' }}>
        <Spin />
        <span>{ended ? 'Signing out...' : 'Verifying...'}</span>
      </Flex>
    );
  }
  return children;
}
