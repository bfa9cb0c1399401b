import { createSessionStore, type User } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppHeader } from './app-header';

const demo: User = { id: 1, username: 'demo', image: null };

/** A signed-in page whose logout call answers with `answer`; `left` counts trips to the login screen. */
function signedIn(answer: (url: string) => Promise<unknown>) {
  const left = rs.fn();
  const session = createSessionStore({ onEnded: left });
  session.getState().signIn('7|secret');
  session.getState().setUser(demo);
  const post = rs.fn(answer);
  renderWithServices(<AppHeader />, createTestServices({ session, http: stubHttp({ post }) }));
  return { left, post, session };
}

async function logOut() {
  await userEvent.click(screen.getByRole('button', { name: 'demo' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
}

const accessCookie = () => document.cookie.split('; ').find((pair) => pair.startsWith('access-token='));

describe('the header user menu', () => {
  it('Log out revokes the token on the server, then ends the session once', async () => {
    const { left, post, session } = signedIn(async () => undefined);

    await logOut();

    await waitFor(() => expect(left).toHaveBeenCalledTimes(1));
    expect(post.mock.calls.map(([url]) => url)).toEqual(['auth/logout']);
    expect(accessCookie()).toBeUndefined();
    expect(session.getState()).toMatchObject({ token: null, isAuthenticated: false, ended: true });
  });

  it('still signs out here when the logout call fails', async () => {
    const { left, post } = signedIn(() => Promise.reject({ message: 'Network Error', status: null }));

    await logOut();

    await waitFor(() => expect(left).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledTimes(1);
    expect(accessCookie()).toBeUndefined();
  });
});
