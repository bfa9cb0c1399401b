import { createTestServices, renderWithServices } from '@chat/shared/testing';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { setRemoteEntries, setRemoteEntry } from './remote-entries';
import { RemoteLoadError } from './remote-load-error';
import { remoteModuleQuery } from './remote-module-query';
import { RemoteSlot } from './remote-slot';

const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('RemoteSlot', () => {
  // A failed slot asks both builds for their contracts: the network edge, which no test here reaches.
  beforeEach(() => {
    rs.stubGlobal('fetch', async () => new Response('Not Found', { status: 404 }));
  });
  afterEach(() => {
    rs.unstubAllGlobals();
  });

  it('shows a remote that loads quickly without flashing a spinner first', async () => {
    const services = createTestServices();
    const Rooms = () => <p>Rooms here</p>;
    // Mounting joins this load already under way instead of asking the federation runtime.
    void services.queryClient.fetchQuery({
      queryKey: remoteModuleQuery('rooms/RoomsPage', services.echo).queryKey,
      queryFn: () => later(100, { default: Rooms }),
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
    services.queryClient.setQueryData(remoteModuleQuery('rooms/RoomsPage', services.echo).queryKey, {
      default: Broken,
    });
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

  describe('a remote built against more than this shell provides', () => {
    it('says what the shell lacks instead of the crash', async () => {
      // The network edge: each build's published contract (the remote's comes from its manifest's origin).
      const contracts: Record<string, unknown> = {
        '/federation-contract.json': {
          app: 'shell',
          builtAt: '',
          commit: null,
          provides: { antd: { version: '6.6.8', exports: ['Button', 'Card'] } },
          needs: {},
        },
        'http://rooms.test/federation-contract.json': {
          app: 'rooms',
          builtAt: '',
          commit: null,
          provides: {},
          needs: { antd: { requiredVersion: '^6.0.0', exports: ['Button', 'Rate'] } },
        },
      };
      rs.stubGlobal('fetch', async (url: string) =>
        contracts[url]
          ? new Response(JSON.stringify(contracts[url]))
          : new Response('Not Found', { status: 404 }),
      );
      const services = createTestServices();
      // As the app's start registers them: the remote's contract is read beside its current manifest.
      setRemoteEntries(services.config);
      const NeedsRate = (): never => {
        throw new Error('Element type is invalid: expected a string but got: undefined');
      };
      services.queryClient.setQueryData(remoteModuleQuery('rooms/RoomsPage', services.echo).queryKey, {
        default: NeedsRate,
      });
      renderWithServices(<RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />, services);

      expect(
        await screen.findByText(/rooms-remote needs what this shell does not provide/),
      ).toHaveTextContent(
        'rooms-remote needs what this shell does not provide (antd: Rate not provided). Deploy a newer shell first, or roll this remote back.',
      );
    });
  });

  it('shows what the caller says instead of a module that lacks what it requires', async () => {
    const services = createTestServices();
    const Room = () => <p>A room</p>;
    const old = remoteModuleQuery('chat/ChatRoom', services.echo).queryKey;
    services.queryClient.setQueryData(old, { default: Room });
    const slot = (
      <RemoteSlot
        id="chat/ChatRoom"
        label="chat room"
        props={{ roomId: 7, direct: true }}
        requires="directMessages"
        unsupported={<p>Direct messages are unavailable right now.</p>}
      />
    );
    const first = renderWithServices(slot, services);
    expect(await screen.findByText('Direct messages are unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByText('A room')).toBeNull();
    first.unmount();

    services.queryClient.setQueryData(old, { default: Room, directMessages: true });
    renderWithServices(slot, services);
    expect(await screen.findByText('A room')).toBeInTheDocument();
  });

  it("unmounts the old version and mounts the new address's module when the remote moves", async () => {
    const services = createTestServices();
    const moved = 'http://chat-new.test/mf-manifest.json';
    setRemoteEntry('chat', 'http://chat-old.test/mf-manifest.json');
    const released = rs.fn();
    const Old = () => {
      useEffect(() => released, []);
      return <p>old version</p>;
    };
    const New = () => <p>new version</p>;
    services.queryClient.setQueryData(remoteModuleQuery('chat/ChatRoom', services.echo).queryKey, {
      default: Old,
    });
    services.queryClient.setQueryData(remoteModuleQuery('chat/ChatRoom', services.echo, moved).queryKey, {
      default: New,
    });
    renderWithServices(<RemoteSlot id="chat/ChatRoom" label="chat room" props={{ roomId: 7 }} />, services);
    expect(await screen.findByText('old version')).toBeInTheDocument();

    act(() => setRemoteEntry('chat', moved));
    expect(await screen.findByText('new version')).toBeInTheDocument();
    expect(screen.queryByText('old version')).toBeNull();
    expect(released).toHaveBeenCalledOnce();
  });

  it('says in one line, with Retry, that a side panel is unavailable', async () => {
    const services = createTestServices();
    const Broken = (): never => {
      throw new Error('down');
    };
    services.queryClient.setQueryData(remoteModuleQuery('rooms/YourRooms', services.echo).queryKey, {
      default: Broken,
    });
    renderWithServices(
      <RemoteSlot id="rooms/YourRooms" label="list of your rooms" compact props={{}} />,
      services,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The list of your rooms is unavailable right now.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows nothing where an older release of the remote has no such module', async () => {
    const services = createTestServices();
    const Missing = (): never => {
      throw new RemoteLoadError(
        'rooms/YourRooms',
        new Error('[ Federation Runtime ]: RUNTIME-014 The remote does not expose the requested module.'),
      );
    };
    services.queryClient.setQueryData(remoteModuleQuery('rooms/YourRooms', services.echo).queryKey, {
      default: Missing,
    });
    const { container } = renderWithServices(
      <>
        <p>Room Lists</p>
        <RemoteSlot id="rooms/YourRooms" label="list of your rooms" compact optional props={{}} />
      </>,
      services,
    );
    expect(await screen.findByText('Room Lists')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toBe('Room Lists');
  });
});
