import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { waitFor } from '../testing/wait-for';
import { RealtimeServer } from './realtime-server';
import { signChannel } from './signatures';

const app = { id: 'app-1', key: 'test-key', secret: 'test-secret' };
const ORIGIN = 'http://localhost:3000';

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

/** A bare protocol client: raw frames in, raw frames out. */
function openClient(port: number, path = `/app/${app.key}?protocol=7`, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
  const frames: Frame[] = [];
  const closed: { code?: number } = {};
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('close', (code) => {
    closed.code = code;
  });
  socket.on('error', () => {});
  const send = (event: string, data: unknown) => socket.send(JSON.stringify({ event, data }));
  const next = (event: string, from = 0) =>
    waitFor(() => frames.slice(from).find((frame) => frame.event === event), event);
  return { socket, frames, closed, send, next };
}

describe('embedded Pusher protocol 7 server', () => {
  let server: RealtimeServer;
  let port: number;

  beforeAll(async () => {
    server = new RealtimeServer({ app, allowedOrigins: [ORIGIN] });
    port = await server.listen(0, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('greets with connection_established carrying a socket id and activity_timeout', async () => {
    const client = openClient(port, `/app/${app.key}?protocol=7`, { origin: ORIGIN });
    const hello = await client.next('pusher:connection_established');
    expect(JSON.parse(hello.data)).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 30,
    });
    client.socket.close();
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = openClient(port);
    await client.next('pusher:connection_established');
    client.send('pusher:ping', {});
    await client.next('pusher:pong');
    client.socket.close();
  });

  it('subscribes a private channel only with a valid signature, and delivers broadcasts', async () => {
    const client = openClient(port);
    const { socket_id } = JSON.parse((await client.next('pusher:connection_established')).data);
    client.send('pusher:subscribe', { channel: 'private-chatroom', auth: `${app.key}:${'f'.repeat(64)}` });
    const refused = await client.next('pusher:error');
    expect(JSON.parse(refused.data)).toEqual({ code: 4009, message: 'Connection is unauthorized' });
    client.send('pusher:subscribe', {
      channel: 'private-chatroom',
      auth: signChannel(app, '1.1', 'private-chatroom'),
    });
    await client.next('pusher:error', client.frames.indexOf(refused) + 1);

    client.send('pusher:subscribe', {
      channel: 'private-chatroom',
      auth: signChannel(app, socket_id, 'private-chatroom'),
    });
    const ok = await client.next('pusher_internal:subscription_succeeded');
    expect(ok.channel).toBe('private-chatroom');
    server.broadcast(
      ['private-chatroom', 'other'],
      'App\\Events\\MessageSent',
      '{"room_id":1,"message_id":2}',
    );
    const event = await client.next('App\\Events\\MessageSent');
    expect(event).toEqual({
      event: 'App\\Events\\MessageSent',
      channel: 'private-chatroom',
      data: '{"room_id":1,"message_id":2}',
    });

    client.send('pusher:unsubscribe', { channel: 'private-chatroom' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const count = client.frames.length;
    server.broadcast(['private-chatroom'], 'App\\Events\\MessageSent', '{}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.frames.length).toBe(count);
    client.socket.close();
  });

  it('answers an event it does not know with pusher:error, and survives frames that are not objects', async () => {
    const client = openClient(port);
    await client.next('pusher:connection_established');
    client.send('pusher:no-such-event', {});
    expect(JSON.parse((await client.next('pusher:error')).data)).toEqual({
      code: null,
      message: 'Unknown event',
    });
    for (const frame of ['null', '42', '"text"']) client.socket.send(frame);
    await waitFor(
      () => client.frames.filter((f) => JSON.parse(f.data).message === 'Invalid message format').length === 3,
      'three refusals',
    );
    client.send('pusher:ping', {});
    await client.next('pusher:pong');
    client.socket.close();
  });

  it.each([
    ['an unknown app key', '/app/wrong-key?protocol=7', {}, 4001],
    ['no protocol version', `/app/${app.key}`, {}, 4008],
    ['an unsupported protocol version', `/app/${app.key}?protocol=2`, {}, 4007],
    ['a foreign Origin', `/app/${app.key}?protocol=7`, { origin: 'https://evil.example' }, 4009],
  ])('closes a connection with %s, using the Pusher error code', async (_name, path, headers, code) => {
    const client = openClient(port, path, headers);
    const error = await client.next('pusher:error');
    expect(JSON.parse(error.data).code).toBe(code);
    await waitFor(() => client.closed.code, 'close');
    expect(client.closed.code).toBe(code);
  });

  it('closes a connection that sends a frame over 10 KB', async () => {
    const client = openClient(port);
    await client.next('pusher:connection_established');
    client.send('pusher:ping', 'x'.repeat(11 * 1024));
    await waitFor(() => client.closed.code, 'close');
    expect(client.closed.code).toBe(1009);
  });
});

describe('idle connections', () => {
  it('are pinged after activity_timeout and dropped with 4201 when they do not answer', async () => {
    const server = new RealtimeServer({
      app,
      allowedOrigins: [],
      activityTimeoutSeconds: 1,
      pongTimeoutSeconds: 1,
    });
    const port = await server.listen(0, '127.0.0.1');
    const silent = openClient(port);
    const polite = openClient(port);
    polite.socket.on('message', (data) => {
      if (JSON.parse(data.toString()).event === 'pusher:ping') polite.send('pusher:pong', {});
    });
    await silent.next('pusher:ping');
    await waitFor(() => silent.closed.code, 'the idle close', 5_000);
    expect(silent.closed.code).toBe(4201);
    expect(polite.closed.code).toBeUndefined();
    expect(server.connectionCount).toBe(1);
    polite.socket.close();
    await server.close();
  });
});
