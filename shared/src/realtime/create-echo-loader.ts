import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { RuntimeConfig } from '../config/runtime-config';
import { BROADCAST_AUTH_PATH } from '../constants';
import type { HttpClient } from '../http/create-http-client';
import type { BroadcastAuthResponse } from '../schemas/errors';
import { keepReconnecting } from './keep-reconnecting';

export type EchoClient = Echo<'reverb'>;

/**
 * The one Echo client. Created on first use, so a signed-out visitor never opens a socket.
 * Channel authorization goes through the one HTTP client, so it carries the Bearer token and CSRF handling.
 * A lost connection is tried again within a second or so of the server being back (`keepReconnecting`).
 */
export function createEchoFactory(config: RuntimeConfig, http: HttpClient): () => EchoClient {
  let echo: EchoClient | undefined;
  const authUrl = new URL(BROADCAST_AUTH_PATH, config.apiUrl).href;
  return () => {
    if (echo) return echo;
    echo = new Echo({
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
        authorize: (
          socketId: string,
          callback: (error: Error | null, data: BroadcastAuthResponse | null) => void,
        ) => {
          http
            .post<BroadcastAuthResponse>(authUrl, { socket_id: socketId, channel_name: channel.name })
            .then((data) => callback(null, data))
            .catch((error: { message: string }) => callback(new Error(error.message), null));
        },
      }),
    });
    keepReconnecting(echo.connector.pusher.connection);
    return echo;
  };
}
