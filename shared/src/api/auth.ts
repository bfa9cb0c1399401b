import { useMutation } from '@tanstack/react-query';
import { routes } from '../constants';
import type { HttpClient } from '../http/create-http-client';
import type { LoginPayload, LoginResponse } from '../schemas/user';
import { useServices } from '../services/services-context';

/** Spec: the login form starts filled with the demo account. */
export const DEMO_CREDENTIALS: LoginPayload = { username: 'demo', password: 'password' };

/** How long a log out waits for the server before it ends the session here regardless. */
export const LOGOUT_TIMEOUT_MS = 5_000;

export function login(http: HttpClient, payload: LoginPayload): Promise<LoginResponse> {
  return http.post<LoginResponse>('auth/login', payload);
}

/** Sanctum's logout: the server revokes the token the request carries (204). */
export function logout(http: HttpClient): Promise<void> {
  return http.post<void>('auth/logout', undefined, { timeout: LOGOUT_TIMEOUT_MS });
}

/** Spec: the token goes into the access-token cookie, then `landing` (the home route) loads in full. */
export function useLogin(landing: string = routes.home) {
  const { http, session } = useServices();
  return useMutation({
    mutationFn: (payload: LoginPayload) => login(http, payload),
    onSuccess: ({ token, expires_at }) => {
      // The cookie lives as long as the token does, so the browser never sends one the server has let go.
      session.getState().signIn(token, expires_at);
      window.location.assign(landing);
    },
  });
}

/**
 * Revokes the token on the server, then the session store ends the session (cookie gone, the login
 * screen loaded in full). A revoke that fails or times out still signs out here: a person who chose to
 * leave must never stay signed in because the network did not answer.
 */
export function useLogout() {
  const { http, session } = useServices();
  return useMutation({
    mutationFn: () => logout(http),
    // The page leaves either way: a notification would flash and vanish with it.
    meta: { silent: true },
    onSettled: () => session.getState().signOut(),
  });
}
