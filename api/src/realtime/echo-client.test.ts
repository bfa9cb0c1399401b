import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import Pusher from 'pusher-js';
import { echoClients } from '../testing/echo-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

/**
 * The front end's own libraries (laravel-echo with broadcaster 'reverb' over pusher-js), running in Node
 * against the API and the embedded websocket server on random ports.
 */
describe('laravel-echo + pusher-js against the embedded server', () => {
  let t: TestApp;
  let realtime: RealtimeServer;
  let apiUrl: string;
  let wsPort: number;
  let member: Awaited<ReturnType<TestApp['signIn']>>;
  let roomId: number;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (token: string | null) => echoes.connect(token);
  const sendMessage = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: member.headers,
      payload: { content },
    });

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    realtime = t.app.realtime as RealtimeServer;
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await realtime.listen(0, '127.0.0.1');
    member = await t.signIn();
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: member.headers,
      payload: { name: 'Live', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it('connects, authorizes through /broadcasting/auth, subscribes and receives MessageSent', async () => {
    const echo = connect(member.token);
    const received: unknown[] = [];
    let subscriptions = 0;
    echo
      .private('chatroom')
      .subscribed(() => {
        subscriptions++;
      })
      .listen('MessageSent', (event: unknown) => received.push(event));
    await waitFor(() => subscriptions === 1, 'the first subscription');
    expect(echo.socketId()).toMatch(/^\d+\.\d+$/);

    const message = (await sendMessage('hello live')).json();
    await waitFor(() => received.length === 1, 'MessageSent');
    expect(received[0]).toEqual({ room_id: roomId, message_id: message.id });

    // The server drops every socket; pusher-js reconnects, re-authorizes and resubscribes on its own.
    const firstSocket = echo.socketId();
    realtime.disconnectAll();
    await waitFor(() => subscriptions === 2, 'the resubscription after reconnect', 10_000);
    expect(echo.socketId()).not.toBe(firstSocket);

    const next = (await sendMessage('after reconnect')).json();
    await waitFor(() => received.length === 2, 'MessageSent after reconnect');
    expect(received[1]).toEqual({ room_id: roomId, message_id: next.id });
  });

  it('refuses the channel when /broadcasting/auth says 403 (no valid token)', async () => {
    const echo = connect(null);
    const errors: { type?: string; status?: number }[] = [];
    echo.private('chatroom').error((error: { type?: string; status?: number }) => errors.push(error));
    await waitFor(() => errors.length > 0, 'the subscription error');
    expect(errors[0]).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('refuses a subscription whose signature the server did not issue', async () => {
    const pusher = new Pusher(t.config.broadcast.key, {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: '',
        transport: 'ajax',
        customHandler: (_params, callback) =>
          callback(null, { auth: `${t.config.broadcast.key}:${'0'.repeat(64)}` }),
      },
    });
    const errors: { data?: { code?: number } }[] = [];
    pusher.connection.bind('error', (error: { data?: { code?: number } }) => errors.push(error));
    let subscribed = false;
    pusher.subscribe('private-chatroom').bind('pusher:subscription_succeeded', () => {
      subscribed = true;
    });
    await waitFor(() => errors.length > 0, 'the pusher:error');
    expect(errors[0]?.data?.code).toBe(4009);
    await sendMessage('not for you');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscribed).toBe(false);
    pusher.disconnect();
  });
});
