import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { WebSocket } from 'ws';
import { waitFor } from '../testing/wait-for';
import { RealtimeServer } from './realtime-server';
import { signChannel } from './signatures';

const app = { id: 'app-1', key: 'test-key', secret: 'test-secret' };
const CHANNEL = 'presence-chatroom.7';

interface Frame {
  event: string;
  channel?: string;
  data: string;
  user_id?: number;
}

/** A bare protocol client: raw frames in, raw frames out, with its socket id once greeted. */
async function connect(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('error', () => {});
  const next = (event: string, from = 0) =>
    waitFor(() => frames.slice(from).find((frame) => frame.event === event), event);
  const hello = await next('pusher:connection_established');
  const socketId: string = JSON.parse(hello.data).socket_id;
  const send = (frame: object) => socket.send(JSON.stringify(frame));
  const received = (event: string) => frames.filter((frame) => frame.event === event);
  /** Subscribes as the member the API would sign in, and answers the subscription's presence data. */
  const join = async (userId: number, username: string, channel = CHANNEL) => {
    const channelData = JSON.stringify({ user_id: userId, user_info: { id: userId, username } });
    const from = frames.length;
    send({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel(app, socketId, channel, channelData), channel_data: channelData },
    });
    const ok = await next('pusher_internal:subscription_succeeded', from);
    return JSON.parse(ok.data);
  };
  return { socket, socketId, frames, next, send, received, join };
}

/** Frames already in flight have landed once a ping sent after them is answered. */
async function settle(client: Awaited<ReturnType<typeof connect>>) {
  const from = client.frames.length;
  client.send({ event: 'pusher:ping', data: {} });
  await client.next('pusher:pong', from);
}

describe('presence channels and client events on the embedded server', () => {
  let server: RealtimeServer;
  let port: number;

  beforeAll(async () => {
    server = new RealtimeServer({ app, allowedOrigins: [], connectionLimits: { clientEventsPerSecond: 5 } });
    port = await server.listen(0, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('answers who is there on subscribing, and tells the others of a new user once, however many tabs', async () => {
    const alice = await connect(port);
    expect(await alice.join(1, 'alice')).toEqual({
      presence: { ids: [1], hash: { '1': { id: 1, username: 'alice' } }, count: 1 },
    });

    const bob = await connect(port);
    expect(await bob.join(2, 'bob')).toEqual({
      presence: {
        ids: [1, 2],
        hash: { '1': { id: 1, username: 'alice' }, '2': { id: 2, username: 'bob' } },
        count: 2,
      },
    });
    const added = await alice.next('pusher_internal:member_added');
    expect(added.channel).toBe(CHANNEL);
    expect(JSON.parse(added.data)).toEqual({ user_id: 2, user_info: { id: 2, username: 'bob' } });
    expect(bob.received('pusher_internal:member_added')).toEqual([]);

    // Bob's second tab is the same member: no one is told, and he stays until his last socket leaves.
    const bobAgain = await connect(port);
    expect((await bobAgain.join(2, 'bob')).presence.count).toBe(2);
    await new Promise((resolve) => bob.socket.close() ?? bob.socket.once('close', resolve));
    await settle(alice);
    expect(alice.received('pusher_internal:member_removed')).toEqual([]);
    expect(alice.received('pusher_internal:member_added')).toHaveLength(1);

    bobAgain.send({ event: 'pusher:unsubscribe', data: { channel: CHANNEL } });
    const removed = await alice.next('pusher_internal:member_removed');
    expect(JSON.parse(removed.data)).toEqual({ user_id: 2 });
    alice.socket.close();
    bobAgain.socket.close();
  });

  it('refuses a member whose channel_data the signature does not cover, or that names no user', async () => {
    const client = await connect(port);
    const signed = JSON.stringify({ user_id: 1, user_info: { username: 'alice' } });
    const forged = JSON.stringify({ user_id: 99, user_info: { username: 'admin' } });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: CHANNEL,
        auth: signChannel(app, client.socketId, CHANNEL, signed),
        channel_data: forged,
      },
    });
    expect(JSON.parse((await client.next('pusher:error')).data)).toEqual({
      code: 4009,
      message: 'Connection is unauthorized',
    });
    // A private channel's signature (no channel_data) does not open a presence channel either.
    client.send({
      event: 'pusher:subscribe',
      data: { channel: CHANNEL, auth: signChannel(app, client.socketId, CHANNEL) },
    });
    await waitFor(() => client.received('pusher:error').length === 2, 'the second refusal');
    const nobody = JSON.stringify({ user_info: {} });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: CHANNEL,
        auth: signChannel(app, client.socketId, CHANNEL, nobody),
        channel_data: nobody,
      },
    });
    await waitFor(() => client.received('pusher:error').length === 3, 'the third refusal');
    expect(JSON.parse(client.received('pusher:error')[2]?.data ?? '')).toEqual({
      code: null,
      message: 'Invalid channel_data',
    });
    expect(client.received('pusher_internal:subscription_succeeded')).toEqual([]);
    client.socket.close();
  });

  it("relays a client event to the channel's other subscribers with the sender's user_id, never back", async () => {
    const alice = await connect(port);
    const bob = await connect(port);
    const carol = await connect(port);
    await alice.join(1, 'alice');
    await bob.join(2, 'bob');
    await carol.join(3, 'carol', 'presence-chatroom.8');
    alice.send({ event: 'client-typing', channel: CHANNEL, data: { typing: true } });

    const whisper = await bob.next('client-typing');
    expect(whisper).toEqual({
      event: 'client-typing',
      channel: CHANNEL,
      data: '{"typing":true}',
      user_id: 1,
    });
    await settle(alice);
    await settle(carol);
    expect(alice.received('client-typing')).toEqual([]);
    expect(carol.received('client-typing')).toEqual([]);
    for (const client of [alice, bob, carol]) client.socket.close();
  });

  it('relays on a private channel too, without a user_id', async () => {
    const alice = await connect(port);
    const bob = await connect(port);
    for (const client of [alice, bob]) {
      client.send({
        event: 'pusher:subscribe',
        data: { channel: 'private-room', auth: signChannel(app, client.socketId, 'private-room') },
      });
      await client.next('pusher_internal:subscription_succeeded');
    }
    alice.send({ event: 'client-typing', channel: 'private-room', data: { typing: false } });
    expect(await bob.next('client-typing')).toEqual({
      event: 'client-typing',
      channel: 'private-room',
      data: '{"typing":false}',
    });
    alice.socket.close();
    bob.socket.close();
  });

  it.each([
    [
      'a channel this socket is not subscribed to',
      CHANNEL,
      { code: 4009, message: 'The client is not a member of the specified channel.' },
    ],
    [
      'a public channel, even subscribed',
      'lobby',
      { code: null, message: 'Client event rejected - only supported on private and presence channels' },
    ],
    [
      'no channel',
      undefined,
      { code: null, message: 'Client event rejected - only supported on private and presence channels' },
    ],
  ])('refuses a client event on %s, and relays nothing', async (_case, channel, error) => {
    const listener = await connect(port);
    await listener.join(1, 'alice');
    listener.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    await listener.next('pusher_internal:subscription_succeeded');
    const sender = await connect(port);
    sender.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    await sender.next('pusher_internal:subscription_succeeded');

    sender.send({ event: 'client-typing', channel, data: {} });
    expect(JSON.parse((await sender.next('pusher:error')).data)).toEqual(error);
    await settle(listener);
    expect(listener.received('client-typing')).toEqual([]);
    listener.socket.close();
    sender.socket.close();
  });

  it('passes on at most the client event rate per socket and says 4301 past it, once a second', async () => {
    const alice = await connect(port);
    const bob = await connect(port);
    await alice.join(1, 'alice');
    await bob.join(2, 'bob');
    for (let n = 0; n < 12; n++) alice.send({ event: 'client-typing', channel: CHANNEL, data: { n } });
    await settle(alice);
    await settle(bob);
    expect(bob.received('client-typing')).toHaveLength(5);
    expect(alice.received('pusher:error').map((frame) => JSON.parse(frame.data))).toEqual([
      { code: 4301, message: 'Client event rejected due to rate limit' },
    ]);
    // The budget refills: a second later the next one goes through.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    alice.send({ event: 'client-typing', channel: CHANNEL, data: { n: 'later' } });
    await waitFor(() => bob.received('client-typing').length === 6, 'the later event');
    alice.socket.close();
    bob.socket.close();
  });

  it('takes a revoked user off the presence channel and tells the others', async () => {
    const guarded = new RealtimeServer({
      app,
      allowedOrigins: [],
      grantedChannels: (channel) =>
        channel.startsWith('presence-') || channel.startsWith('private-chatroom.'),
      linkedChannels: (channel) => (channel === 'private-chatroom.7' ? [CHANNEL] : []),
    });
    const guardedPort = await guarded.listen(0, '127.0.0.1');
    const alice = await connect(guardedPort);
    const bob = await connect(guardedPort);
    guarded.grant(alice.socketId, CHANNEL, 1);
    guarded.grant(bob.socketId, CHANNEL, 2);
    await alice.join(1, 'alice');
    await bob.join(2, 'bob');

    // Leaving the room revokes its private channel; the presence channel goes with it.
    guarded.revoke('private-chatroom.7', 2);
    const removed = await alice.next('pusher_internal:member_removed');
    expect(JSON.parse(removed.data)).toEqual({ user_id: 2 });
    bob.send({ event: 'client-typing', channel: CHANNEL, data: {} });
    expect(JSON.parse((await bob.next('pusher:error')).data).code).toBe(4009);
    await settle(alice);
    expect(alice.received('client-typing')).toEqual([]);
    alice.socket.close();
    bob.socket.close();
    await guarded.close();
  });
});
