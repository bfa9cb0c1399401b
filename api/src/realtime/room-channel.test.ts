import type { Message, RoomMessageSentEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type Echo from 'laravel-echo';
import { WebSocket } from 'ws';
import type { DeliveryStatsSnapshot } from '../metrics/delivery-stats';
import { apiCaller } from '../testing/api-caller';
import { echoClients } from '../testing/echo-client';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

/** A room's own channel with the front end's libraries (laravel-echo over pusher-js) against the embedded server. */
describe("a room's channel, end to end", () => {
  let t: TestApp;
  let realtime: RealtimeServer;
  let apiUrl: string;
  let wsPort: number;
  let owner: SignedIn;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (who: SignedIn) => echoes.connect(who.token);
  /** Listens on both channels as the chat room would; resolves once subscribed to the room's. */
  const listen = async (echo: Echo<'reverb'>, roomId: number) => {
    const room: RoomMessageSentEvent[] = [];
    const shared: unknown[] = [];
    let subscribed = false;
    echo.private('chatroom').listen('MessageSent', (event: unknown) => shared.push(event));
    echo
      .private(`chatroom.${roomId}`)
      .subscribed(() => {
        subscribed = true;
      })
      .listen('MessageSent', (event: RoomMessageSentEvent) => room.push(event));
    await waitFor(() => subscribed, 'the room subscription');
    return { room, shared };
  };
  const call = apiCaller(() => t.app);
  const createRoom = () => t.createRoom(owner, 'Live room');
  const member = async (roomId: number) => {
    const user = await t.signIn();
    await t.join(user, roomId);
    return user;
  };
  const say = async (roomId: number, content: string, who = owner) =>
    (await call(who, 'POST', `/chatrooms/${roomId}/messages`, { content })).json() as Message;
  const stats = async () =>
    (await t.app.inject({ url: '/api/testing/delivery-stats' })).json() as DeliveryStatsSnapshot;

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded', env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    realtime = t.app.realtime as RealtimeServer;
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await realtime.listen(0, '127.0.0.1');
    owner = await t.signIn();
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it("delivers the message as GET returns it to the room's members, ids on the shared channel", async () => {
    const roomId = await createRoom();
    const reader = await listen(connect(await member(roomId)), roomId);
    const first = await say(roomId, 'first');
    const second = await say(roomId, 'second');
    await waitFor(() => reader.room.length === 2 && reader.shared.length === 2, 'both events twice');
    const page = (await call(owner, 'GET', `/chatrooms/${roomId}/messages`)).json();
    expect(reader.room).toEqual([
      { room_id: roomId, message_id: first.id, previous_id: null, message: page[0] },
      { room_id: roomId, message_id: second.id, previous_id: first.id, message: page[1] },
    ]);
    expect(reader.shared).toEqual([
      { room_id: roomId, message_id: first.id },
      { room_id: roomId, message_id: second.id },
    ]);
  });

  it('refuses the channel to a user who is not a member (403 from /broadcasting/auth)', async () => {
    const roomId = await createRoom();
    const echo = connect(await t.signIn());
    const errors: { type?: string; status?: number }[] = [];
    echo
      .private(`chatroom.${roomId}`)
      .error((error: { type?: string; status?: number }) => errors.push(error));
    await waitFor(() => errors.length > 0, 'the subscription error');
    expect(errors[0]).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it("stops a leaver's payloads at once, while the socket itself stays up", async () => {
    const roomId = await createRoom();
    const otherRoom = await createRoom();
    const leaver = await member(roomId);
    await call(leaver, 'POST', `/chatrooms/${otherRoom}/join`);
    const echo = connect(leaver);
    const reader = await listen(echo, roomId);
    const stillIn = await listen(echo, otherRoom);
    await say(roomId, 'while a member');
    await waitFor(() => reader.room.length === 1, 'the payload before leaving');

    await call(leaver, 'POST', `/chatrooms/${roomId}/leave`);
    await say(roomId, 'after the leave');
    // Frames reach a socket in the order they were written: once this one is in, the other would be too.
    const flush = await say(otherRoom, 'written after');
    await waitFor(() => stillIn.room.some((event) => event.message_id === flush.id), 'the later payload');
    expect(reader.room).toHaveLength(1);
  });

  it('admits no socket with a signature issued before its user left', async () => {
    const roomId = await createRoom();
    const leaver = await member(roomId);
    const frames: { event: string; channel?: string; data: string }[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/app/${t.config.broadcast.key}?protocol=7`);
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const hello = await waitFor(
      () => frames.find((f) => f.event === 'pusher:connection_established'),
      'handshake',
    );
    const channel = `private-chatroom.${roomId}`;
    const signed = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: leaver.headers,
      payload: { socket_id: JSON.parse(hello.data).socket_id, channel_name: channel },
    });
    expect(signed.statusCode).toBe(200);
    await call(leaver, 'POST', `/chatrooms/${roomId}/leave`);

    socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: signed.json().auth } }));
    const refusal = await waitFor(() => frames.find((f) => f.event === 'pusher:error'), 'the refusal');
    expect(JSON.parse(refusal.data)).toMatchObject({ code: 4009 });
    await say(roomId, 'not for the leaver');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames.filter((f) => f.channel === channel)).toEqual([]);
    socket.close();
  });

  it('costs the database nothing per delivery: 3 readers, 4 messages, 12 deliveries, one statement per send', async () => {
    const roomId = await createRoom();
    const readers = await Promise.all(
      [1, 2, 3].map(async () => listen(connect(await member(roomId)), roomId)),
    );
    const before = await stats();
    for (const n of [1, 2, 3, 4]) await say(roomId, `message ${n}`);
    await waitFor(() => readers.every((reader) => reader.room.length === 4), 'every payload');
    const after = await stats();

    const byRoute = (snapshot: DeliveryStatsSnapshot, route: string) =>
      snapshot.statements_by_route[route] ?? 0;
    expect(after.deliveries - before.deliveries).toBe(12);
    expect(
      byRoute(after, 'POST /api/chatrooms/:id/messages') -
        byRoute(before, 'POST /api/chatrooms/:id/messages'),
    ).toBe(4);
    expect(byRoute(after, 'GET /api/chatrooms/:id/messages')).toBe(
      byRoute(before, 'GET /api/chatrooms/:id/messages'),
    );
    expect(readers.flatMap((reader) => reader.room).every((event) => event.message !== null)).toBe(true);
  });
});
