import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { testConfig } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { publishMessageSent } from './message-sent';
import { MAX_BATCH_EVENTS } from './publisher';
import { createPusherPublisher } from './pusher-publisher';
import { RealtimeServer } from './realtime-server';
import { signChannel } from './signatures';

/** The external adapter (official `pusher` SDK) against the embedded server's signed HTTP API. */
describe('Pusher HTTP API publisher', () => {
  const config = testConfig();
  const app = { id: config.broadcast.appId, key: config.broadcast.key, secret: config.broadcast.secret };
  let server: RealtimeServer;
  let port: number;
  let socket: WebSocket;
  const frames: { event: string; channel?: string; data: string }[] = [];

  beforeAll(async () => {
    server = new RealtimeServer({ app, allowedOrigins: [] });
    port = await server.listen(0, '127.0.0.1');
    socket = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7`);
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const hello = await waitFor(
      () => frames.find((f) => f.event === 'pusher:connection_established'),
      'handshake',
    );
    const { socket_id } = JSON.parse(hello.data);
    for (const channel of ['private-chatroom', 'private-chatroom.7']) {
      socket.send(
        JSON.stringify({
          event: 'pusher:subscribe',
          data: { channel, auth: signChannel(app, socket_id, channel) },
        }),
      );
    }
    await waitFor(
      () => frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').length === 2,
      'subscriptions',
    );
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  const publisherFor = (secret: string) =>
    createPusherPublisher({ ...config.broadcast, secret, host: '127.0.0.1', port, scheme: 'http' });

  it('delivers both MessageSent events to subscribers through POST /apps/{id}/batch_events', async () => {
    const message = {
      id: 99,
      room_id: 7,
      content: 'through the HTTP API',
      attachment_path: null,
      created_at: '2026-01-01T00:00:00.000000Z',
      user: { id: 1, username: 'ann' },
      client_msg_id: null,
    };
    await publishMessageSent(publisherFor(app.secret), { roomId: 7, messageId: 99, previousId: 98, message });
    const events = await waitFor(() => {
      const sent = frames.filter((f) => f.event === 'App\\Events\\MessageSent');
      return sent.length === 2 && sent;
    }, 'the events');
    const byChannel = Object.fromEntries(events.map((f) => [f.channel, JSON.parse(f.data)]));
    expect(byChannel).toEqual({
      'private-chatroom': { room_id: 7, message_id: 99 },
      'private-chatroom.7': { room_id: 7, message_id: 99, previous_id: 98, message },
    });
  });

  it('is refused with 401 when the request is not signed with the app secret', async () => {
    await expect(
      publishMessageSent(publisherFor('not-the-secret'), {
        roomId: 1,
        messageId: 1,
        previousId: null,
        message: null,
      }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses unsigned or replayed HTTP API calls', async () => {
    const body = JSON.stringify({ name: 'x', channels: ['private-chatroom'], data: '{}' });
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/${app.id}/events`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const stale = await fetch(
      `http://127.0.0.1:${port}/apps/${app.id}/events?auth_key=${app.key}&auth_timestamp=1000&auth_version=1.0&auth_signature=x`,
      { method: 'POST', body },
    );
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: 'Timestamp expired' });
  });
});

describe('Pusher HTTP API publisher, on the wire', () => {
  const config = testConfig();
  const requests: { method?: string; path: string; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({
        method: req.method,
        path: new URL(req.url ?? '/', 'http://x').pathname,
        body: JSON.parse(body),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let publisher: ReturnType<typeof createPusherPublisher>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    publisher = createPusherPublisher({ ...config.broadcast, host: '127.0.0.1', port, scheme: 'http' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a message's two MessageSent events as one request, in order", async () => {
    requests.length = 0;
    await publishMessageSent(publisher, { roomId: 7, messageId: 99, previousId: 98, message: null });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: `/apps/${config.broadcast.appId}/batch_events`,
        body: {
          batch: [
            {
              channel: 'private-chatroom',
              name: 'App\\Events\\MessageSent',
              data: '{"room_id":7,"message_id":99}',
            },
            {
              channel: 'private-chatroom.7',
              name: 'App\\Events\\MessageSent',
              data: '{"room_id":7,"message_id":99,"previous_id":98,"message":null}',
            },
          ],
        },
      },
    ]);
  });

  it('sends a single event to /events, and refuses an oversized batch without a request', async () => {
    requests.length = 0;
    await publisher.publish('private-chatroom', 'E', { n: 1 });
    expect(requests.map((request) => request.path)).toEqual([`/apps/${config.broadcast.appId}/events`]);
    const events = Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({
      channel: 'c',
      event: 'E',
      data: {},
    }));
    await expect(publisher.publishBatch(events)).rejects.toThrow(RangeError);
    await publisher.publishBatch([]);
    expect(requests).toHaveLength(1);
  });
});

/** An engine at the HTTP edge that answers each publish as told, counting them. */
async function scriptedEngine(answers: ((res: ServerResponse) => void)[]) {
  let calls = 0;
  const engine = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls++;
      answer?.(res);
    });
  });
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  return {
    port: (engine.address() as AddressInfo).port,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => engine.close(() => resolve())),
  };
}

describe('Pusher HTTP API publisher, when the engine does not take the event', () => {
  const config = testConfig();
  const publisherOn = (port: number, retryMs: number) =>
    createPusherPublisher({ ...config.broadcast, host: '127.0.0.1', port, scheme: 'http', retryMs });
  const ok = (res: ServerResponse) => res.writeHead(200).end('{}');
  const unavailable = (res: ServerResponse) => res.writeHead(503).end('{}');

  it('tries a publish that met a 5xx again until the engine takes it (a node restarting)', async () => {
    const engine = await scriptedEngine([unavailable, unavailable, ok]);
    await publisherOn(engine.port, 5_000).publish('private-chatroom.1', 'App\\Events\\MessageSent', {
      id: 1,
    });
    expect(engine.calls()).toBe(3);
    await engine.close();
  });

  it("fails a publish refused inside a 200 (Soketi's way), once, without trying again", async () => {
    const refused = (res: ServerResponse) =>
      res.writeHead(200).end('{"error":"The secret authentication failed","code":401}');
    const engine = await scriptedEngine([refused]);
    await expect(
      publisherOn(engine.port, 5_000).publish('private-chatroom.1', 'App\\Events\\MessageSent', { id: 1 }),
    ).rejects.toThrow('401');
    expect(engine.calls()).toBe(1);
    await engine.close();
  });

  it('gives up after BROADCAST_RETRY_SECONDS when nothing answers', async () => {
    const engine = await scriptedEngine([unavailable]);
    const started = Date.now();
    await expect(
      publisherOn(engine.port, 600).publish('private-chatroom.1', 'App\\Events\\MessageSent', { id: 1 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(engine.calls()).toBeGreaterThan(1);
    await engine.close();
  });
});
