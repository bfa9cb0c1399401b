import { renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('the room list exploded');
}

describe('RouteError', () => {
  it('says "Something went wrong!" and toggles the error message', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    renderWithServices(<RouterProvider router={router} />);

    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByText('the room list exploded')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('the room list exploded')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('the room list exploded')).not.toBeInTheDocument();
  });
});
