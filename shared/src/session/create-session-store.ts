import Cookies from 'js-cookie';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ACCESS_TOKEN_COOKIE, LOCAL_STORAGE_PREFIX, routes } from '../constants';
import type { User } from '../schemas/user';
import { forgetServiceWorker } from './forget-service-worker';

/**
 * The session context of spec section 3, plus the means to change it. The store is the one owner of the
 * token: it reads the access-token cookie once, writes it on sign-in and removes it on sign-out; the HTTP
 * client asks the store for the token and tells it when a call answered 401.
 */
export interface SessionState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  /**
   * The session has ended and the browser is on its way to the login screen. Nothing renders routes (and so
   * nothing navigates) after this: the page leaves once, from one place, whatever else answered 401.
   */
  ended: boolean;
  /** `expiresAt` (the server's absolute expiry) gives the cookie the same lifetime; without it, the browser session. */
  signIn(token: string, expiresAt?: string | null): void;
  setUser(user: User): void;
  /** Ends the session: idempotent, so a burst of 401s leaves for the login screen once. */
  signOut(): void;
}

export type SessionStore = StoreApi<SessionState>;

export interface SessionStoreOptions {
  /**
   * Where the browser goes when a session ends, called once per page. The shell loads the login screen in
   * full (no state of the ended session survives); a remote's standalone host reloads its own page.
   */
  onEnded?: () => void;
}

/** What the ended session kept in this browser (unsent messages) is not the next user's to see. */
function forgetLocalData(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(LOCAL_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage that cannot be read holds nothing of ours.
  }
}

const leaveForLogin = () => window.location.replace(routes.login);

/** How long a session's end waits for the service worker to be forgotten before the page leaves anyway. */
const FORGET_WORKER_MS = 1000;

export function createSessionStore({ onEnded = leaveForLogin }: SessionStoreOptions = {}): SessionStore {
  return createStore<SessionState>((set, get) => ({
    token: Cookies.get(ACCESS_TOKEN_COOKIE) ?? null,
    user: null,
    isAuthenticated: false,
    ended: false,
    signIn: (token, expiresAt) => {
      Cookies.set(ACCESS_TOKEN_COOKIE, token, {
        sameSite: 'Lax',
        secure: window.location.protocol === 'https:',
        ...(expiresAt && { expires: new Date(expiresAt) }),
      });
      set({ token, ended: false });
    },
    setUser: (user) => set({ user, isAuthenticated: true }),
    signOut: () => {
      const { token, ended } = get();
      Cookies.remove(ACCESS_TOKEN_COOKIE);
      // A visitor who never had a session has nothing to end (the guard already shows them the login).
      if (ended || token === null) return;
      set({ token: null, user: null, isAuthenticated: false, ended: true });
      forgetLocalData();
      // However it ended (log out, or a 401: the token revoked elsewhere, or expired), the worker's caches go
      // with the session before the page leaves; a browser that never answers does not keep it here.
      const bounded = new Promise((resolve) => setTimeout(resolve, FORGET_WORKER_MS));
      void Promise.race([forgetServiceWorker(), bounded]).then(onEnded);
    },
  }));
}
