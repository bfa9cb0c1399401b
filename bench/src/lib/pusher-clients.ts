import type { BroadcastAuthResponse } from '@chat/shared';
import { CHAT_CHANNEL } from '@chat/shared/constants';
import Pusher from 'pusher-js';
import type { ApiServer } from './api';

export const PRIVATE_CHAT_CHANNEL = `private-${CHAT_CHANNEL}`;

export interface ChatSocket {
  /** Calls `listener` with each `event` on the private chat channel. */
  on(event: string, listener: (data: unknown) => void): void;
  close(): void;
}

/**
 * A pusher-js client in Node subscribed to a private channel (by default the shared chat channel; a room's
 * own is `private-chatroom.{id}`), authorised by the API exactly as the browser's Echo client is (Bearer
 * token on /broadcasting/auth). Resolves once subscribed.
 */
export function connectChatSocket(
  api: ApiServer,
  token: string,
  { channel: name = PRIVATE_CHAT_CHANNEL, timeoutMs = 60_000 } = {},
): Promise<ChatSocket> {
  const authUrl = new URL('/broadcasting/auth', api.origin).href;
  const pusher = new Pusher(api.websocket.key, {
    cluster: 'embedded',
    wsHost: api.websocket.host,
    wsPort: api.websocket.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: authUrl,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(authUrl, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (response) => {
            if (!response.ok) throw new Error(`/broadcasting/auth answered ${response.status}`);
            callback(null, (await response.json()) as BroadcastAuthResponse);
          })
          .catch((error: Error) => callback(error, null));
      },
    },
  });
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pusher.disconnect();
      reject(new Error(`No subscription within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      pusher.disconnect();
      reject(new Error(`Subscription refused: ${JSON.stringify(error)}`));
    });
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve({
        on: (event, listener) => channel.bind(event, listener),
        close: () => pusher.disconnect(),
      });
    });
  });
}

/** Opens `count` sockets, `concurrency` at a time, so the server is not hit by a connection storm. */
export async function connectMany(
  count: number,
  connect: () => Promise<ChatSocket>,
  concurrency = 50,
): Promise<ChatSocket[]> {
  const sockets: ChatSocket[] = [];
  try {
    for (let start = 0; start < count; start += concurrency) {
      const batch = Math.min(concurrency, count - start);
      sockets.push(...(await Promise.all(Array.from({ length: batch }, connect))));
    }
  } catch (error) {
    for (const socket of sockets) socket.close();
    throw error;
  }
  return sockets;
}
