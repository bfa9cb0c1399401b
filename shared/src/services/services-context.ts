import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { SessionState } from '../session/create-session-store';
import type { AppServices } from './app-services';

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs an <AppProviders> above it');
  return services;
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useServices().session, selector);
}
