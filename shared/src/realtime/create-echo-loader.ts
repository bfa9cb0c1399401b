import type Echo from 'laravel-echo';
import type { ConnectionStatus } from 'laravel-echo';
import type { RuntimeConfig } from '../config/runtime-config';
import { BROADCAST_AUTH_PATH, BROADCAST_USER_AUTH_PATH } from '../constants';
import type { HttpClient } from '../http/create-http-client';
import type { BroadcastAuthResponse, BroadcastUserAuthResponse } from '../schemas/errors';
import { keepReconnecting } from './keep-reconnecting';
import { resumeAfterTermination } from './resume-after-termination';
import { websocketReachable } from './websocket-reachable';

export type EchoClient = Echo<'reverb'>;
/** Re-exported so that no other module names laravel-echo (the linter holds its code to this file). */
export type { ConnectionStatus };

/** The one Echo client of a page, which loads its code only when a screen first asks for it. */
export interface EchoLoader {
  /**
   * The client, called as a function: how remotes built before it loaded on demand (release-2 and earlier) reach it, as
   * they render. The shell finishes `load()` before it mounts one of those (`loadRemoteModule`); before
   * that, this throws.
   */
  (): EchoClient;
  /** The client, if a screen asked for it before: a screen opened again renders with it at once. */
  loaded(): EchoClient | undefined;
  /** Downloads laravel-echo and pusher-js (chunks of their own), then connects; the same client every call. */
  load(): Promise<EchoClient>;
}

/**
 * Why on demand: laravel-echo and pusher-js are about 20 KiB gzip that the login screen never uses, and
 * that a signed-in screen needs only after its first paint. Imported here only, and dynamically, so no
 * screen's start-up chunks hold them (the linter refuses any other import of their code).
 * Channel authorization goes through the one HTTP client, so it carries the Bearer token and CSRF handling.
 * A lost connection is tried again within a second or so of the server being back (`keepReconnecting`).
 * The connection signs in as its user (Pusher's user authentication, same HTTP client), so that Soketi or
 * Pusher can end a removed member's sockets; one ended that way connects again (`resumeAfterTermination`).
 */
/** How pusher-js wants a signature back: channel authorization and user sign-in alike. */
type AuthCallback<T> = (error: Error | null, data: T | null) => void;

/** Hands the API's answer (through the one HTTP client: Bearer token, CSRF) to pusher-js. */
function answer<T>(request: Promise<T>, callback: AuthCallback<T>): void {
  request
    .then((data) => callback(null, data))
    .catch((error: { message: string }) => callback(new Error(error.message), null));
}

export function createEchoLoader(config: RuntimeConfig, http: HttpClient): EchoLoader {
  const authUrl = new URL(BROADCAST_AUTH_PATH, config.apiUrl).href;
  const userAuthUrl = new URL(BROADCAST_USER_AUTH_PATH, config.apiUrl).href;
  let client: EchoClient | undefined;
  let loading: Promise<EchoClient> | undefined;

  const connect = async (): Promise<EchoClient> => {
    const [{ default: Echo }, { default: Pusher }] = await Promise.all([
      import('laravel-echo'),
      import('pusher-js'),
    ]);
    client = new Echo({
      broadcaster: 'reverb',
      Pusher,
      key: config.websocket.key,
      wsHost: config.websocket.host,
      wsPort: config.websocket.port,
      wssPort: config.websocket.port,
      forceTLS: config.websocket.tls,
      // Only the transport the server speaks: after a drop pusher-js would otherwise try wss against a
      // plain-ws server first and reconnect seconds later.
      enabledTransports: config.websocket.tls ? ['wss'] : ['ws'],
      authorizer: (channel: { name: string }) => ({
        authorize: (socketId: string, callback: AuthCallback<BroadcastAuthResponse>) =>
          answer(
            http.post<BroadcastAuthResponse>(authUrl, { socket_id: socketId, channel_name: channel.name }),
            callback,
          ),
      }),
      userAuthentication: {
        endpoint: userAuthUrl,
        transport: 'ajax',
        // Echo writes a CSRF header in here when the page has one; ours come from the HTTP client.
        headers: {},
        customHandler: (
          { socketId }: { socketId: string },
          callback: AuthCallback<BroadcastUserAuthResponse>,
        ) => answer(http.post<BroadcastUserAuthResponse>(userAuthUrl, { socket_id: socketId }), callback),
      },
    });
    const { pusher } = client.connector;
    keepReconnecting(pusher.connection, { reachable: websocketReachable(config.websocket) });
    resumeAfterTermination(pusher.connection);
    pusher.signin();
    return client;
  };

  const current = () => {
    if (!client) throw new Error('The Echo client is not loaded yet: await load() first');
    return client;
  };
  return Object.assign(current, {
    loaded: () => client,
    load() {
      loading ??= connect().catch((error: unknown) => {
        // A download that failed (after the federation runtime's own retries) is tried afresh next call.
        loading = undefined;
        throw error;
      });
      return loading;
    },
  });
}

/** A loader whose client is already there: for tests, and hosts that build the client themselves. */
export function loadedEcho(client: EchoClient): EchoLoader {
  return Object.assign(() => client, { loaded: () => client, load: async () => client });
}
