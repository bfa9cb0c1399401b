import Cookies from 'js-cookie';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ACCESS_TOKEN_COOKIE } from '../constants';
import type { User } from '../schemas/user';

/** The session context of spec section 3, plus the means to change it. */
export interface SessionState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  signIn(token: string): void;
  setUser(user: User): void;
  signOut(): void;
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore(): SessionStore {
  return createStore<SessionState>((set) => ({
    token: Cookies.get(ACCESS_TOKEN_COOKIE) ?? null,
    user: null,
    isAuthenticated: false,
    signIn: (token) => {
      Cookies.set(ACCESS_TOKEN_COOKIE, token, {
        sameSite: 'Lax',
        secure: window.location.protocol === 'https:',
      });
      set({ token });
    },
    setUser: (user) => set({ user, isAuthenticated: true }),
    signOut: () => {
      Cookies.remove(ACCESS_TOKEN_COOKIE);
      set({ token: null, user: null, isAuthenticated: false });
    },
  }));
}
