import { afterEach, describe, expect, it, rs } from '@rstest/core';
import Cookies from 'js-cookie';
import { createSessionStore } from './create-session-store';

afterEach(() => {
  Cookies.remove('access-token');
  rs.unstubAllGlobals();
  rs.useRealTimers();
});

describe('the session store, the one owner of the token', () => {
  it('reads the access-token cookie once, when the page starts', () => {
    Cookies.set('access-token', '1|start');
    const store = createSessionStore({ onEnded: () => {} });
    Cookies.set('access-token', '2|later');
    expect(store.getState().token).toBe('1|start');
  });

  it('writes the cookie on sign-in, with the token expiry when the server gives one', () => {
    const store = createSessionStore({ onEnded: () => {} });
    store.getState().signIn('3|new', '2099-01-01T00:00:00.000Z');
    expect(Cookies.get('access-token')).toBe('3|new');
    expect(store.getState()).toMatchObject({ token: '3|new', ended: false });
  });

  it("ends a session once: removes the cookie, forgets the user and the worker's caches, leaves once", async () => {
    Cookies.set('access-token', '4|old');
    let left = 0;
    const store = createSessionStore({ onEnded: () => left++ });
    store.getState().setUser({ id: 1, username: 'demo', image: null });

    localStorage.setItem('chat.outbox.1.2', '[]');
    localStorage.setItem('another-app', 'kept');
    const kept = new Set(['chat-static']);
    rs.stubGlobal('caches', { keys: async () => [...kept], delete: async (key: string) => kept.delete(key) });
    store.getState().signOut();
    store.getState().signOut();
    // The page leaves only once the caches are gone.
    expect(left).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept.size).toBe(0);

    expect(localStorage.getItem('chat.outbox.1.2')).toBeNull();
    expect(localStorage.getItem('another-app')).toBe('kept');

    expect(Cookies.get('access-token')).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false, ended: true });
    expect(left).toBe(1);
  });

  it('leaves after a bounded wait when the browser never answers about its workers', async () => {
    rs.useFakeTimers();
    Cookies.set('access-token', '5|old');
    rs.stubGlobal('navigator', { serviceWorker: { getRegistrations: () => new Promise(() => {}) } });
    let left = 0;
    const store = createSessionStore({ onEnded: () => left++ });
    store.getState().signOut();
    await rs.advanceTimersByTimeAsync(999);
    expect(left).toBe(0);
    await rs.advanceTimersByTimeAsync(1);
    expect(left).toBe(1);
  });

  it('has nothing to end for a visitor who never signed in', () => {
    let left = 0;
    const store = createSessionStore({ onEnded: () => left++ });
    store.getState().signOut();
    expect(store.getState().ended).toBe(false);
    expect(left).toBe(0);
  });
});
