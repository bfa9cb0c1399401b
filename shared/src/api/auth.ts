import { useMutation } from '@tanstack/react-query';
import { routes } from '../constants';
import type { HttpClient } from '../http/create-http-client';
import type { LoginPayload, LoginResponse } from '../schemas/user';
import { useServices } from '../services/services-context';

/** Spec: the login form starts filled with the demo account. */
export const DEMO_CREDENTIALS: LoginPayload = { username: 'demo', password: 'password' };

export function login(http: HttpClient, payload: LoginPayload): Promise<LoginResponse> {
  return http.post<LoginResponse>('auth/login', payload);
}

/** Spec: the token goes into the access-token cookie, then `landing` (the home route) loads in full. */
export function useLogin(landing: string = routes.home) {
  const { http, session } = useServices();
  return useMutation({
    mutationFn: (payload: LoginPayload) => login(http, payload),
    onSuccess: ({ token }) => {
      session.getState().signIn(token);
      window.location.assign(landing);
    },
  });
}
