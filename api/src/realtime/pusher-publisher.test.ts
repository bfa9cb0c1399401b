import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { testConfig } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { publishMessageSent } from './message-sent';
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
    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'private-chatroom', auth: signChannel(app, socket_id, 'private-chatroom') },
      }),
    );
    await waitFor(
      () => frames.find((f) => f.event === 'pusher_internal:subscription_succeeded'),
      'subscription',
    );
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  const publisherFor = (secret: string) =>
    createPusherPublisher({ ...config.broadcast, secret, host: '127.0.0.1', port, scheme: 'http' });

  it('delivers MessageSent to subscribers through POST /apps/{id}/events', async () => {
    await publishMessageSent(publisherFor(app.secret), { room_id: 7, message_id: 99 });
    const event = await waitFor(
      () => frames.find((f) => f.event === 'App\\Events\\MessageSent'),
      'the event',
    );
    expect(event.channel).toBe('private-chatroom');
    expect(JSON.parse(event.data)).toEqual({ room_id: 7, message_id: 99 });
  });

  it('is refused with 401 when the request is not signed with the app secret', async () => {
    await expect(
      publishMessageSent(publisherFor('not-the-secret'), { room_id: 1, message_id: 1 }),
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
