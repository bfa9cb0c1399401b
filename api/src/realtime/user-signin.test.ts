import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { testConfig } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { createPusherPublisher } from './pusher-publisher';
import { RealtimeServer } from './realtime-server';
import { signUser } from './signatures';

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

/**
 * Pusher's user sign-in on the embedded server, and `terminate_connections` through its HTTP API by the
 * external adapter (the official SDK): what Soketi does, so the same client and API work on both.
 */
describe('user sign-in and terminate_connections on the embedded server', () => {
  const config = testConfig();
  const app = { id: config.broadcast.appId, key: config.broadcast.key, secret: config.broadcast.secret };
  let server: RealtimeServer;
  let port: number;

  beforeAll(async () => {
    server = new RealtimeServer({ app, allowedOrigins: [] });
    port = await server.listen(0, '127.0.0.1');
  });
  afterAll(() => server.close());

  async function connect() {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7`);
    const frames: Frame[] = [];
    let closedWith: number | undefined;
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    socket.on('close', (code) => {
      closedWith = code;
    });
    const hello = await waitFor(
      () => frames.find((f) => f.event === 'pusher:connection_established'),
      'hello',
    );
    const socketId = (JSON.parse(hello.data) as { socket_id: string }).socket_id;
    const send = (event: string, data: object) => socket.send(JSON.stringify({ event, data }));
    return { socket, frames, socketId, send, closed: () => closedWith };
  }

  it('signs in, admits only its own server-to-user channel, and is ended (4009) by terminate_connections', async () => {
    const ann = await connect();
    const userData = JSON.stringify({ id: '42' });
    ann.send('pusher:signin', { user_data: userData, auth: signUser(app, ann.socketId, userData) });
    const success = await waitFor(
      () => ann.frames.find((f) => f.event === 'pusher:signin_success'),
      'signin',
    );
    expect(JSON.parse(success.data)).toEqual({
      user_data: userData,
      auth: signUser(app, ann.socketId, userData),
    });

    ann.send('pusher:subscribe', { channel: '#server-to-user-43' });
    ann.send('pusher:subscribe', { channel: '#server-to-user-42' });
    await waitFor(
      () => ann.frames.find((f) => f.event === 'pusher_internal:subscription_succeeded'),
      'own channel',
    );
    const refusals = ann.frames.filter((f) => f.event === 'pusher:error');
    expect(refusals.map((f) => JSON.parse(f.data).code)).toEqual([4009]);
    expect(ann.frames.find((f) => f.event === 'pusher_internal:subscription_succeeded')?.channel).toBe(
      '#server-to-user-42',
    );

    const bystander = await connect();
    const publisher = createPusherPublisher({ ...config.broadcast, host: '127.0.0.1', port, scheme: 'http' });
    await publisher.disconnectUser(42);
    expect(await waitFor(() => ann.closed(), 'the close')).toBe(4009);
    expect(JSON.parse(ann.frames.at(-1)?.data ?? '{}')).toEqual({
      code: 4009,
      message: 'You got disconnected by the app.',
    });
    expect(bystander.closed()).toBeUndefined();
    bystander.socket.close();
  });

  it('closes a socket whose sign-in the API did not sign (4009), as Soketi does', async () => {
    const mallory = await connect();
    const userData = JSON.stringify({ id: '42' });
    mallory.send('pusher:signin', { user_data: userData, auth: signUser(app, '1.1', userData) });
    expect(await waitFor(() => mallory.closed(), 'the close')).toBe(4009);
    expect(mallory.frames.some((f) => f.event === 'pusher:signin_success')).toBe(false);
  });
});
