import axios, { type AxiosAdapter, type AxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { CSRF_COOKIE_PATH, XSRF_COOKIE, XSRF_HEADER } from '../constants';
import type { SessionStore } from '../session/create-session-store';
import { toApiError } from './api-error';

/** The one HTTP client: every call resolves to the response body (spec section 7). */
export interface HttpClient {
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** Newer than shells deployed before message edits: a remote checks that it is there (see chat-remote). */
  patch?<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
}

export interface HttpClientOptions {
  apiUrl: string;
  /** Owns the token: the client reads it from here and reports a 401 here, never touching the cookie. */
  session: SessionStore;
  /** The network edge itself; only tests replace it. */
  adapter?: AxiosAdapter;
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

export function createHttpClient({ apiUrl, session, adapter }: HttpClientOptions): HttpClient {
  const csrfUrl = new URL(CSRF_COOKIE_PATH, apiUrl).href;
  // One cookie fetch for every state-changing call that starts without one: two at once (a fresh page
  // authorising two channels) would each set a new token, and the first call would send the one replaced (419).
  let fetchingCsrf: Promise<unknown> | undefined;
  const instance = axios.create({
    baseURL: apiUrl,
    withCredentials: true,
    // The XSRF header is set below, from document.cookie. axios's own (since 1.16) reads the cookie through
    // the asynchronous Cookie Store API where the browser has one: a round trip to the browser process
    // before every request, which held each sent message back by 12 ms at the median (bench send → visible).
    withXSRFToken: false,
    headers: { Accept: 'application/json' },
    ...(adapter && { adapter }),
  });

  instance.interceptors.request.use(async (config) => {
    const { token } = session.getState();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (STATE_CHANGING.has(config.method ?? '')) {
      if (!Cookies.get(XSRF_COOKIE)) {
        fetchingCsrf ??= instance.get(csrfUrl).finally(() => {
          fetchingCsrf = undefined;
        });
        await fetchingCsrf;
      }
      // The API usually sits on another port or host: the header goes cross-origin too.
      const xsrf = Cookies.get(XSRF_COOKIE);
      if (xsrf) config.headers.set(XSRF_HEADER, xsrf);
    }
    return config;
  });

  instance.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      const apiError = toApiError(error);
      // Spec: a 401 from any call ends the session; the store decides where the browser goes, once.
      if (apiError.status === 401) session.getState().signOut();
      return Promise.reject(apiError);
    },
  );

  return {
    get: (url, config) => instance.get(url, config).then((r) => r.data),
    post: (url, data, config) => instance.post(url, data, config).then((r) => r.data),
    put: (url, data, config) => instance.put(url, data, config).then((r) => r.data),
    patch: (url, data, config) => instance.patch(url, data, config).then((r) => r.data),
    delete: (url, config) => instance.delete(url, config).then((r) => r.data),
  };
}
