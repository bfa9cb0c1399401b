import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SignedIn } from './test-app';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request to `/api{url}` as `who` (null: signed out), through `inject`. */
export type ApiCall = (
  who: SignedIn | null,
  method: ApiMethod,
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/**
 * The API as a test file's users call it. `app` is read at each call: a test file builds its app in
 * `beforeAll`, after this is made.
 */
export function apiCaller(app: () => FastifyInstance): ApiCall {
  return (who, method, url, payload) =>
    app().inject({
      method,
      url: `/api${url}`,
      ...(who ? { headers: who.headers } : {}),
      ...(payload ? { payload } : {}),
    });
}
