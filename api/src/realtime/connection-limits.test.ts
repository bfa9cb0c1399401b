import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import Pusher from 'pusher-js';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { clientAddressResolver } from './client-address';
import { RealtimeServer } from './realtime-server';

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

/** A bare protocol client: raw frames in, raw frames out. */
function openClient(port: number, key: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7`, { headers });
  const frames: Frame[] = [];
  const closed: { code?: number } = {};
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('close', (code) => {
    closed.code = code;
  });
  socket.on('error', () => {});
  const send = (event: string, data: unknown) => socket.send(JSON.stringify({ event, data }));
  const count = (event: string) => frames.filter((frame) => frame.event === event).length;
  const errors = () =>
    frames.filter((frame) => frame.event === 'pusher:error').map((frame) => JSON.parse(frame.data).code);
  return { socket, frames, closed, send, count, errors };
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** The limits as REVERB_SERVER_* configure them, small enough to reach in a test. */
describe('embedded websocket limits, configured from the environment', () => {
  let t: TestApp;
  let port: number;
  let key: string;
  const pushers: Pusher[] = [];

  const connectPusher = () => {
    const pusher = new Pusher(key, {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    pushers.push(pusher);
    const errorCodes: number[] = [];
    pusher.connection.bind(
      'error',
      (error: { error?: { data?: { code?: number } }; data?: { code?: number } }) => {
        const code = error.error?.data?.code ?? error.data?.code;
        if (code !== undefined) errorCodes.push(code);
      },
    );
    return { pusher, errorCodes };
  };

  beforeAll(async () => {
    t = await createTestApp({
      publisher: 'embedded',
      env: {
        REVERB_SERVER_MAX_CONNECTIONS_PER_IP: '2',
        REVERB_SERVER_MAX_CHANNELS_PER_CONNECTION: '3',
        REVERB_SERVER_FRAMES_PER_SECOND: '10',
        REVERB_SERVER_FRAME_BURST: '20',
      },
    });
    port = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    key = t.config.broadcast.key;
  });
  afterAll(async () => {
    for (const pusher of pushers) pusher.disconnect();
    await t.close();
  });

  it('closes a socket past the per-address cap with 4100; pusher-js backs off and gets in once one leaves', async () => {
    const first = connectPusher();
    const second = connectPusher();
    await waitFor(() => first.pusher.connection.state === 'connected', 'the first connection');
    await waitFor(() => second.pusher.connection.state === 'connected', 'the second connection');

    const third = connectPusher();
    await waitFor(() => third.errorCodes.length > 0, 'the over-capacity error');
    expect(third.errorCodes[0]).toBe(4100);
    expect(third.pusher.connection.state).not.toBe('connected');

    first.pusher.disconnect();
    await waitFor(() => third.pusher.connection.state === 'connected', 'the retry after the back-off', 8_000);
    expect((t.app.realtime as RealtimeServer).connectionCount).toBe(2);
    second.pusher.disconnect();
    third.pusher.disconnect();
    await waitFor(() => (t.app.realtime as RealtimeServer).connectionCount === 0, 'the sockets to close');
  });

  it('refuses a subscription past the per-socket channel cap with 4302, keeping the socket', async () => {
    const { pusher, errorCodes } = connectPusher();
    const subscribed: string[] = [];
    for (const name of ['room-a', 'room-b', 'room-c', 'room-d']) {
      pusher.subscribe(name).bind('pusher:subscription_succeeded', () => subscribed.push(name));
    }
    await waitFor(() => errorCodes.length > 0, 'the subscription-limit error');
    expect(errorCodes).toEqual([4302]);
    await settle();
    expect(subscribed).toEqual(['room-a', 'room-b', 'room-c']);
    expect(pusher.connection.state).toBe('connected');

    // A freed place can be taken again.
    pusher.unsubscribe('room-a');
    pusher.subscribe('room-e').bind('pusher:subscription_succeeded', () => subscribed.push('room-e'));
    await waitFor(() => subscribed.includes('room-e'), 'the subscription in the freed place');
    pusher.disconnect();
  });

  it('answers a burst of 5,000 frames only within the budget, says 4301 at most once a second, serves again once refilled', async () => {
    const client = openClient(port, key);
    await waitFor(() => client.count('pusher:connection_established'), 'the handshake');
    const started = Date.now();
    for (let i = 0; i < 5_000; i++) client.send('pusher:ping', {});
    await waitFor(() => client.errors().includes(4301), 'the rate-limit error');
    await settle(300);
    const elapsedSeconds = (Date.now() - started) / 1000;
    const pongs = client.count('pusher:pong');
    expect(pongs).toBeGreaterThanOrEqual(20);
    expect(pongs).toBeLessThanOrEqual(20 + Math.ceil(elapsedSeconds * 10));
    const errors = client.errors();
    expect(errors.length).toBeLessThanOrEqual(Math.floor(elapsedSeconds) + 1);
    expect(new Set(errors)).toEqual(new Set([4301]));
    expect(client.closed.code).toBeUndefined();

    await settle(200);
    const before = client.count('pusher:pong');
    client.send('pusher:ping', {});
    await waitFor(() => client.count('pusher:pong') > before, 'a pong after the refill');
    client.socket.close();
  });
});

describe('the per-address cap behind a trusted proxy', () => {
  let server: RealtimeServer;
  let port: number;
  const app = { id: 'app-1', key: 'test-key', secret: 'test-secret' };

  beforeAll(async () => {
    server = new RealtimeServer({
      app,
      allowedOrigins: [],
      maxConnectionsPerAddress: 1,
      clientAddress: clientAddressResolver(['127.0.0.1']),
    });
    port = await server.listen(0, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('counts the X-Forwarded-For client, not the proxy every socket comes through', async () => {
    const ann = openClient(port, app.key, { 'x-forwarded-for': '203.0.113.7' });
    const bob = openClient(port, app.key, { 'x-forwarded-for': '203.0.113.8' });
    await waitFor(() => ann.count('pusher:connection_established'), "ann's handshake");
    await waitFor(() => bob.count('pusher:connection_established'), "bob's handshake");
    const annAgain = openClient(port, app.key, { 'x-forwarded-for': '203.0.113.7' });
    await waitFor(() => annAgain.closed.code, 'the refusal');
    expect(annAgain.closed.code).toBe(4100);
    expect(annAgain.errors()).toEqual([4100]);
    ann.socket.close();
    bob.socket.close();
  });
});
