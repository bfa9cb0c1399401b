import type { ApiError, LoginPayload, LoginResponse } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it, rs } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';

const demoUser = { id: 1, username: 'demo', image: null };
const badCredentials: ApiError = {
  message: 'These credentials do not match our records.',
  errors: { username: ['These credentials do not match our records.'] },
  status: 422,
};

function renderLogin(post: (url: string, data?: unknown) => Promise<unknown>) {
  const assign = rs.spyOn(window.location, 'assign').mockImplementation(() => {});
  const postSpy = rs.fn(post);
  const view = renderWithServices(<LoginPage />, createTestServices({ http: stubHttp({ post: postSpy }) }));
  return { ...view, assign, post: postSpy, user: userEvent.setup() };
}

// While loading, the spinner's label joins the button's name.
const loginButton = () => screen.getByRole('button', { name: /^(loading )?Login$/ });

describe('LoginPage', () => {
  it('greets and starts filled with the demo credentials', () => {
    renderLogin(() => new Promise(() => {}));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('demo');
    expect(screen.getByLabelText('Password')).toHaveValue('password');
  });

  it('says which fields are required, only once submitted, and calls nothing', async () => {
    const { user, post } = renderLogin(() => new Promise(() => {}));
    await user.clear(screen.getByLabelText('Username'));
    await user.clear(screen.getByLabelText('Password'));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();

    await user.click(loginButton());

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('treats a blank username as empty', async () => {
    const { user, post } = renderLogin(() => new Promise(() => {}));
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), '   ');
    await user.click(loginButton());
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('clears a fixed error as the user types after a failed submit', async () => {
    const { user } = renderLogin(() => new Promise(() => {}));
    await user.clear(screen.getByLabelText('Username'));
    await user.click(loginButton());
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await waitFor(() => expect(screen.queryByText('Username is required')).not.toBeInTheDocument());
  });

  it('submits on Enter and shows the Login button loading while the call runs', async () => {
    const { user, post } = renderLogin(() => new Promise(() => {}));
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('auth/login', {
      username: 'demo',
      password: 'password',
    } satisfies LoginPayload);
    await waitFor(() => expect(loginButton()).toHaveClass('ant-btn-loading'));
  });

  it('stores the token in the access-token cookie and loads / in full', async () => {
    const response: LoginResponse = { token: '1|secret', user: demoUser };
    const { user, assign } = renderLogin(() => Promise.resolve(response));
    await user.click(loginButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(document.cookie).toContain('access-token=1|secret');
  });

  it("shows the server's message in the form, keeps what was typed and stays on the page", async () => {
    const { user, assign } = renderLogin(() => Promise.reject(badCredentials));
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(loginButton());

    const form = screen.getByRole('form', { name: 'Login' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(badCredentials.message);
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    expect(loginButton()).not.toHaveClass('ant-btn-loading');
    expect(assign).not.toHaveBeenCalled();
  });
});
