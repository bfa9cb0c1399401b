import { loadedEcho, rememberJoinFailure } from '@chat/shared';
import { createTestServices, renderWithServices, stubHttp } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createFakeEcho } from '../../testing/fake-echo';
import { RoomsPage } from './rooms-page';

const renderPage = () =>
  renderWithServices(
    <StrictMode>
      <MemoryRouter>
        <RoomsPage />
      </MemoryRouter>
    </StrictMode>,
    createTestServices({
      http: stubHttp({ get: () => Promise.resolve([]) }),
      echo: loadedEcho(createFakeEcho().echo),
    }),
  );

describe('RoomsPage', () => {
  it('offers Create Room above the Room Lists panel', async () => {
    renderPage();
    expect(screen.getByRole('button', { name: /Create Room/ })).toBeInTheDocument();
    expect(await screen.findByText('No Rooms')).toBeInTheDocument();
  });

  it('still shows why a join failed after the reload, once, until dismissed', async () => {
    rememberJoinFailure('This room is full.');
    const { unmount } = renderPage();
    expect(await screen.findByText('This room is full.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText('This room is full.')).not.toBeInTheDocument());

    unmount();
    renderPage();
    await screen.findByText('No Rooms');
    expect(screen.queryByText('This room is full.')).not.toBeInTheDocument();
  });
});
