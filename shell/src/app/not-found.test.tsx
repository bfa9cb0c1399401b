import { renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { NotFound } from './not-found';

describe('NotFound', () => {
  it("says 'Not Found' and 'Back Home' leads to the home route", async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home</p> },
        { path: '*', element: <NotFound /> },
      ],
      { initialEntries: ['/no/such/page'] },
    );
    renderWithServices(<RouterProvider router={router} />);

    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Back Home' });
    expect(home).toHaveAttribute('href', '/');

    await userEvent.click(home);
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
