import { afterEach, describe, expect, it } from '@rstest/core';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { createSessionStore } from '../session/create-session-store';
import { createHttpClient } from './create-http-client';

interface Answer {
  status: number;
  data?: unknown;
}

/** Records every request and answers from a script: the network edge, nothing else, is fake. */
function fakeNetwork(answer: (config: InternalAxiosRequestConfig) => Answer) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const { status, data } = answer(config);
    const response = { status, data, statusText: '', headers: {}, config, request: {} };
    if (status >= 400) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        response,
        config,
      });
    }
    return response;
  };
  return { adapter, requests };
}

const apiUrl = 'http://api.test/api/';
/** The store reads the cookie when it is made, as at page start-up. */
const session = (onEnded: () => void = () => {}) => createSessionStore({ onEnded });

afterEach(() => {
  Cookies.remove('access-token');
  Cookies.remove('XSRF-TOKEN');
});

describe('the one HTTP client (spec section 7)', () => {
  it('resolves to the response body and sends the Bearer token from the access-token cookie', async () => {
    Cookies.set('access-token', '7|secret');
    const network = fakeNetwork(() => ({ status: 200, data: [{ id: 1 }] }));
    const http = createHttpClient({ apiUrl, session: session(), adapter: network.adapter });

    await expect(http.get('chatrooms')).resolves.toEqual([{ id: 1 }]);
    expect(network.requests[0]?.headers.Authorization).toBe('Bearer 7|secret');
    expect(network.requests[0]?.withCredentials).toBe(true);
  });

  it('fetches the CSRF cookie before a POST when there is no XSRF-TOKEN, and not after', async () => {
    const network = fakeNetwork((config) => {
      if (config.url?.endsWith('/sanctum/csrf-cookie')) Cookies.set('XSRF-TOKEN', 'csrf');
      return { status: 201, data: {} };
    });
    const http = createHttpClient({ apiUrl, session: session(), adapter: network.adapter });

    await http.post('chatrooms', { name: 'a' });
    await http.post('chatrooms', { name: 'b' });
    expect(network.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'get http://api.test/sanctum/csrf-cookie',
      'post chatrooms',
      'post chatrooms',
    ]);
  });

  it('fetches the CSRF cookie once for calls made together, so none sends a token another fetch replaced', async () => {
    let issued = 0;
    const network = fakeNetwork((config) => {
      if (config.url?.endsWith('/sanctum/csrf-cookie')) Cookies.set('XSRF-TOKEN', `csrf-${++issued}`);
      return { status: 200, data: {} };
    });
    const http = createHttpClient({ apiUrl, session: session(), adapter: network.adapter });

    // A fresh page authorising two channels at once.
    await Promise.all([http.post('/broadcasting/auth', { a: 1 }), http.post('/broadcasting/auth', { b: 2 })]);
    const posts = network.requests.filter((r) => r.method === 'post');
    expect(issued).toBe(1);
    expect(posts.map((r) => r.headers['X-XSRF-TOKEN'])).toEqual(['csrf-1', 'csrf-1']);
  });

  it('sends the XSRF-TOKEN cookie, decoded, as X-XSRF-TOKEN on state-changing calls only', async () => {
    Cookies.set('XSRF-TOKEN', 'eyJpdiI6=');
    const network = fakeNetwork(() => ({ status: 200, data: {} }));
    const http = createHttpClient({ apiUrl, session: session(), adapter: network.adapter });

    await http.get('me');
    await http.post('chatrooms/1/messages', { content: 'hi' });
    await http.delete('chatrooms/1/messages/2');
    expect(network.requests.map((r) => r.headers['X-XSRF-TOKEN'])).toEqual([
      undefined,
      'eyJpdiI6=',
      'eyJpdiI6=',
    ]);
  });

  it('on 401 ends the session once, however many calls answer 401, and rejects with the body', async () => {
    Cookies.set('access-token', 'stale');
    let leftForLogin = 0;
    const store = session(() => leftForLogin++);
    const network = fakeNetwork(() => ({ status: 401, data: { message: 'Unauthenticated.' } }));
    const http = createHttpClient({ apiUrl, session: store, adapter: network.adapter });

    const calls = ['me', 'chatrooms', 'chatrooms/1/messages'].map((url) => http.get(url));
    for (const call of calls) {
      await expect(call).rejects.toEqual({ message: 'Unauthenticated.', status: 401 });
    }
    expect(Cookies.get('access-token')).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: null, ended: true });
    expect(leftForLogin).toBe(1);
  });

  it('reads the token from the session store, not the cookie', async () => {
    const store = session();
    store.getState().signIn('9|fresh');
    Cookies.set('access-token', 'written-by-someone-else');
    const network = fakeNetwork(() => ({ status: 200, data: {} }));
    await createHttpClient({ apiUrl, session: store, adapter: network.adapter }).get('me');
    expect(network.requests[0]?.headers.Authorization).toBe('Bearer 9|fresh');
  });

  it('rejects other errors with the Laravel body, or "Something went wrong!" without one', async () => {
    const body = { message: 'The name field is required.', errors: { name: ['Name is required'] } };
    const withBody = createHttpClient({
      apiUrl,
      session: session(),
      adapter: fakeNetwork(() => ({ status: 422, data: body })).adapter,
    });
    await expect(withBody.get('x')).rejects.toEqual({ ...body, status: 422 });

    const bare = createHttpClient({
      apiUrl,
      session: session(),
      adapter: fakeNetwork(() => ({ status: 502, data: '' })).adapter,
    });
    await expect(bare.get('x')).rejects.toEqual({ message: 'Something went wrong!', status: 502 });
  });
});
