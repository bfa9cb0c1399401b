import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import { remoteModuleQuery } from './remote-module-query';
import { RemoteSlot } from './remote-slot';

const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('RemoteSlot', () => {
  it('shows a remote that loads quickly without flashing a spinner first', async () => {
    const services = createTestServices();
    const Rooms = () => <p>Rooms here</p>;
    // Mounting joins this load already under way instead of asking the federation runtime.
    void services.queryClient.fetchQuery({
      queryKey: remoteModuleQuery('rooms/RoomsPage').queryKey,
      queryFn: () => later(100, Rooms),
    });
    const { container } = renderWithServices(
      <RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />,
      services,
    );

    expect(container.querySelector('.ant-spin')).toBeNull();
    expect(await screen.findByText('Rooms here')).toBeInTheDocument();
    expect(container.querySelector('.ant-spin')).toBeNull();
  });

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
