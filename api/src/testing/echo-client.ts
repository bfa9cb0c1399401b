import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

export interface EchoClientOptions {
  key: string;
  /** The embedded websocket server's port, on loopback. */
  wsPort: number;
  /** The API's origin, for `/broadcasting/auth`. */
  apiUrl: string;
  /** The Bearer token to authorise channels with; none for an anonymous client. */
  token: string | null;
}

/** An Echo client configured as the front end's (pusher-js, websocket transport only) against a test server. */
export function echoClient({ key, wsPort, apiUrl, token }: EchoClientOptions): Echo<'reverb'> {
  return new Echo({
    broadcaster: 'reverb',
    Pusher,
    key,
    wsHost: '127.0.0.1',
    wsPort,
    wssPort: wsPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint: `${apiUrl}/broadcasting/auth`,
    auth: { headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {} },
  });
}

/**
 * The Echo clients one test file opens against its server (read when each connects: the port is known only
 * once the server listens), all disconnected at once when the file ends.
 */
export function echoClients(server: () => Omit<EchoClientOptions, 'token'>) {
  const clients: Echo<'reverb'>[] = [];
  return {
    connect(token: string | null): Echo<'reverb'> {
      const echo = echoClient({ ...server(), token });
      clients.push(echo);
      return echo;
    },
    disconnectAll(): void {
      for (const echo of clients.splice(0)) echo.disconnect();
    },
  };
}
