import pRetry from 'p-retry';
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
 * The refusal inside a `200` answer, if any: Soketi 1.6 sends its refusals (unknown app, bad signature) with
 * status 200 and the real one in the body, `{"error": "The secret authentication failed", "code": 401}`, so a
 * publish it refused would otherwise pass for delivered.
 */
/** What of the SDK's answer (node-fetch's Response) is read here. */
type SdkResponse = Pick<Response, 'status' | 'json'>;

export async function refusalInBody(response: SdkResponse): Promise<{ status: number; body: string } | null> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  if (typeof body?.error !== 'string') return null;
  return { status: Number(body.code) || response.status, body: JSON.stringify(body) };
}

/** A refused publish, as the SDK's own errors carry it (a status, so a 4xx is not tried again). */
class PublishRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the websocket server refused the publish: ${status} ${body}`);
  }
}

/** Runs one publish; a refusal hidden in a 200 throws as the refusal it is. */
async function refusedAs(publish: Promise<SdkResponse>): Promise<void> {
  const refused = await refusalInBody(await publish);
  if (refused) throw new PublishRefused(refused.status, refused.body);
}

/**
 * A publish that found no server (refused, reset, timed out: no HTTP status) or a server error (5xx) is tried
 * again for up to `BROADCAST_RETRY_SECONDS` (10): a node restarting (a rolling deploy of Soketi takes each node away for a
 * second or two) delays the events, instead of losing the ones that left meanwhile. A 4xx (bad credentials, an
 * event too large) is final. The sender's answer waits for it; the message is stored either way.
 */
const transient = (error: unknown) => {
  const status = (error as { status?: number }).status;
  return status === undefined || status >= 500;
};
const withRetries = (retryMs: number, publish: () => Promise<void>) =>
  pRetry(publish, {
    retries: retryMs > 0 ? 30 : 0,
    minTimeout: 100,
    maxTimeout: 1_000,
    maxRetryTime: retryMs,
    shouldRetry: ({ error }) => transient(error),
  });

/**
 * Publishes through the official SDK: the signed `POST /apps/{id}/events` any Pusher-compatible server takes,
 * and `POST /apps/{id}/batch_events` (Pusher, Soketi, Reverb) for events that go out together, one request;
 * `POST /apps/{id}/users/{userId}/terminate_connections` (Pusher, Soketi) ends a user's signed-in sockets.
 */
export function createPusherPublisher(broadcast: Config['broadcast']): Publisher {
  const pusher = createPusherClient(broadcast);
  return {
    async publish(channel, event, data) {
      await withRetries(broadcast.retryMs, () => refusedAs(pusher.trigger(channel, event, data)));
    },
    async publishBatch(events) {
      checkBatchSize(events);
      if (events.length === 0) return;
      // The SDK serialises each event's data in place, so each try gets objects of its own.
      await withRetries(broadcast.retryMs, () =>
        refusedAs(
          pusher.triggerBatch(events.map(({ channel, event, data }) => ({ channel, name: event, data }))),
        ),
      );
    },
    async disconnectUser(userId) {
      await withRetries(broadcast.retryMs, () => refusedAs(pusher.terminateUserConnections(String(userId))));
    },
  };
}
