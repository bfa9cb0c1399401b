import { type HttpClient, type LoginPayload, type LoginResponse, routes, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';

export function login(http: HttpClient, payload: LoginPayload): Promise<LoginResponse> {
  return http.post<LoginResponse>('auth/login', payload);
}

/** Spec: the token goes into the access-token cookie, then the landing route loads in full. */
export function useLogin() {
  const { http, session } = useServices();
  return useMutation({
    mutationFn: (payload: LoginPayload) => login(http, payload),
    onSuccess: ({ token }) => {
      session.getState().signIn(token);
      window.location.assign(routes.home);
    },
  });
}
