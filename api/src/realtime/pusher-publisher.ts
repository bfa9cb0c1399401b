import Pusher from 'pusher';
import type { Config } from '../config';
import type { Publisher } from './publisher';

/** Publishes through the official SDK, i.e. the signed `POST /apps/{id}/events` any Pusher-compatible server takes. */
export function createPusherPublisher(broadcast: Config['broadcast']): Publisher {
  const pusher = new Pusher({
    appId: broadcast.appId,
    key: broadcast.key,
    secret: broadcast.secret,
    host: broadcast.host,
    port: String(broadcast.port),
    useTLS: broadcast.scheme === 'https',
    timeout: 5_000,
  });
  return {
    async publish(channel, event, data) {
      await pusher.trigger(channel, event, data);
    },
  };
}
