import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { User } from '../schemas/user';
import { useSession } from '../services/services-context';
import { createTestServices, renderWithServices, stubHttp } from '../testing/render-with-services';
import { SessionGate } from './session-gate';

function Greeting() {
  const user = useSession((state) => state.user);
  return <p>Hello {user?.username ?? 'stranger'}</p>;
}

describe('SessionGate', () => {
  it('shows "Verifying..." while the me call runs, then exposes the user', async () => {
    Cookies.set('access-token', '1|abc');
    let answer: (user: User) => void = () => {};
    const me = new Promise<User>((resolve) => {
      answer = resolve;
    });
    const get = <T,>() => me as Promise<T>;
    const services = createTestServices({ http: stubHttp({ get }) });
    renderWithServices(
      <SessionGate>
        <Greeting />
      </SessionGate>,
      services,
    );

    expect(screen.getByText('Verifying...')).toBeInTheDocument();
    answer({ id: 1, username: 'demo', image: null });
    expect(await screen.findByText('Hello demo')).toBeInTheDocument();
    expect(services.session.getState().isAuthenticated).toBe(true);
    Cookies.remove('access-token');
  });

  it('after a 401 shows "Signing out..." and never renders the routes, which would navigate again', async () => {
    Cookies.set('access-token', '0|not-a-valid-token');
    const services = createTestServices();
    const get = <T,>(): Promise<T> => {
      services.session.getState().signOut(); // what the HTTP client does on a 401
      return Promise.reject({ message: 'Unauthenticated.', status: 401 });
    };
    services.http = stubHttp({ get });
    renderWithServices(
      <SessionGate>
        <Greeting />
      </SessionGate>,
      services,
    );

    expect(await screen.findByText('Signing out...')).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    expect(services.session.getState().ended).toBe(true);
  });

  it('renders straight away for a visitor without a token', () => {
    renderWithServices(
      <SessionGate>
        <Greeting />
      </SessionGate>,
    );
    expect(screen.getByText('Hello stranger')).toBeInTheDocument();
  });
});
