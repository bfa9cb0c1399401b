import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import { remoteModuleQuery } from './remote-module-query';
import { RemoteSlot } from './remote-slot';

describe('RemoteSlot', () => {
  it('contains a remote that throws while rendering and offers Retry', async () => {
    const services = createTestServices();
    const Broken = (): never => {
      throw new Error('rooms blew up');
    };
    services.queryClient.setQueryData(remoteModuleQuery('rooms/RoomsPage').queryKey, () => Broken);
    renderWithServices(
      <>
        <h1>Shell header</h1>
        <RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />
      </>,
      services,
    );

    expect(await screen.findByText('The room list is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('rooms blew up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shell header' })).toBeInTheDocument();
  });
});
