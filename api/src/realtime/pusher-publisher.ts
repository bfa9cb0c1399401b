import Pusher from 'pusher';
import type { Config } from '../config';
import { checkBatchSize, type Publisher } from './publisher';

/** The official SDK's client for the external server's signed HTTP API, as configured. */
export function createPusherClient(broadcast: Config['broadcast']): Pusher {
  return new Pusher({
    appId: broadcast.appId,
    key: broadcast.key,
    secret: broadcast.secret,
    host: broadcast.host,
    port: String(broadcast.port),
    useTLS: broadcast.scheme === 'https',
    timeout: 5_000,
  });
}

/**
 * Publishes through the official SDK: the signed `POST /apps/{id}/events` any Pusher-compatible server takes,
 * and `POST /apps/{id}/batch_events` (Pusher, Soketi, Reverb) for events that go out together, one request.
 */
export function createPusherPublisher(broadcast: Config['broadcast']): Publisher {
  const pusher = createPusherClient(broadcast);
  return {
    async publish(channel, event, data) {
      await pusher.trigger(channel, event, data);
    },
    async publishBatch(events) {
      checkBatchSize(events);
      if (events.length === 0) return;
      // The SDK serialises each event's data in place, so it gets objects of its own.
      await pusher.triggerBatch(events.map(({ channel, event, data }) => ({ channel, name: event, data })));
    },
  };
}
