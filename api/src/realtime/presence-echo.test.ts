import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type Echo from 'laravel-echo';
import { apiCaller } from '../testing/api-caller';
import { echoClients } from '../testing/echo-client';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

interface Member {
  id: number;
  username: string;
}
interface PusherError {
  type?: string;
  data?: { code?: number | null; message?: string };
}

/**
 * Who has a room open (Echo's `join`: here / joining / leaving) and typing (`whisper` / `listenForWhisper`),
 * with the front end's own libraries (laravel-echo over pusher-js) against the API and the embedded server.
 */
describe("a room's presence channel, end to end", () => {
  let t: TestApp;
  let realtime: RealtimeServer;
  let apiUrl: string;
  let wsPort: number;
  let owner: SignedIn;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (who: SignedIn) => echoes.connect(who.token);
  /** Joins the room's presence channel as the chat room does, and follows who is there. */
  const open = (echo: Echo<'reverb'>, roomId: number) => {
    const here: Member[] = [];
    const errors: { status?: number }[] = [];
    let subscribed = false;
    const channel = echo
      .join(`chatroom.${roomId}`)
      .here((members: Member[]) => {
        subscribed = true;
        here.splice(0, here.length, ...members);
      })
      .joining((member: Member) => here.push(member))
      .leaving((member: Member) => here.splice(here.findIndex((m) => m.id === member.id) >>> 0, 1))
      .error((error: { status?: number }) => errors.push(error));
    const names = () => here.map((member) => member.username).sort();
    return { channel, here, names, errors, ready: () => waitFor(() => subscribed, 'the presence list') };
  };
  /** A pusher:error the socket received (pusher-js reports it on the connection). */
  const errorsOf = (echo: Echo<'reverb'>) => {
    const errors: PusherError[] = [];
    echo.connector.pusher.connection.bind('error', (error: PusherError) => errors.push(error));
    return errors;
  };
  const call = apiCaller(() => t.app);
  const createRoom = () => t.createRoom(owner, 'Present');
  const member = async (roomId: number) => {
    const user = await t.signIn();
    await t.join(user, roomId);
    return user;
  };
  const usernameOf = async (who: SignedIn) => (await call(who, 'GET', '/me')).json().username as string;
  /** Long enough for a frame that was going to arrive to have arrived (a refusal has nothing to wait for). */
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 150));

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    realtime = t.app.realtime as RealtimeServer;
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await realtime.listen(0, '127.0.0.1');
    owner = await t.signIn();
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it('lists who has the room open, and follows them joining and leaving', async () => {
    const roomId = await createRoom();
    const bob = await member(roomId);
    const ownerName = await usernameOf(owner);
    const bobName = await usernameOf(bob);

    const mine = open(connect(owner), roomId);
    await mine.ready();
    expect(mine.here).toEqual([{ id: expect.any(Number), username: ownerName }]);

    const bobs = connect(bob);
    const his = open(bobs, roomId);
    await his.ready();
    expect(his.names()).toEqual([bobName, ownerName].sort());
    await waitFor(() => mine.here.length === 2, 'bob joining');
    expect(mine.names()).toEqual([bobName, ownerName].sort());

    bobs.leaveChannel(`presence-chatroom.${roomId}`);
    await waitFor(() => mine.here.length === 1, 'bob leaving');
    expect(mine.names()).toEqual([ownerName]);

    // Closing the socket (a closed tab) is leaving too.
    const again = connect(bob);
    await open(again, roomId).ready();
    await waitFor(() => mine.here.length === 2, 'bob back');
    again.disconnect();
    await waitFor(() => mine.here.length === 1, 'bob gone with his socket');
  });

  it('refuses a non-member and a member of another room (403 from /broadcasting/auth)', async () => {
    const roomId = await createRoom();
    const otherRoom = await createRoom();
    const outsider = open(connect(await t.signIn()), roomId);
    const elsewhere = open(connect(await member(otherRoom)), roomId);
    await waitFor(() => outsider.errors.length > 0 && elsewhere.errors.length > 0, 'both refusals');
    expect(outsider.errors[0]).toMatchObject({ type: 'AuthError', status: 403 });
    expect(elsewhere.errors[0]).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('takes a member who leaves the room off its presence channel at once', async () => {
    const roomId = await createRoom();
    const leaver = await member(roomId);
    const mine = open(connect(owner), roomId);
    await mine.ready();
    await open(connect(leaver), roomId).ready();
    await waitFor(() => mine.here.length === 2, 'the leaver present');
    await call(leaver, 'POST', `/chatrooms/${roomId}/leave`);
    await waitFor(() => mine.here.length === 1, 'the leaver gone');
  });

  it('passes a whisper to the other members, with who sent it, and never back to the sender', async () => {
    const roomId = await createRoom();
    const bob = await member(roomId);
    const carol = await member(roomId);
    const ownerId = (await call(owner, 'GET', '/me')).json().id;
    const room = [owner, bob, carol].map((who) => open(connect(who), roomId));
    await Promise.all(room.map((one) => one.ready()));
    const heard = room.map(() => [] as { data: unknown; sender?: number }[]);
    room.forEach((one, n) => {
      one.channel.listenForWhisper('typing', (data: unknown, metadata?: { user_id?: number }) => {
        heard[n]?.push({ data, sender: metadata?.user_id });
      });
    });

    room[0]?.channel.whisper('typing', { typing: true });
    await waitFor(() => heard[1]?.length === 1 && heard[2]?.length === 1, 'the whisper at bob and carol');
    expect(heard[1]).toEqual([{ data: { typing: true }, sender: ownerId }]);
    await quiet();
    expect(heard[0]).toEqual([]);
  });

  it('refuses a whisper on a room channel the socket is not subscribed to, and on a public channel', async () => {
    const roomId = await createRoom();
    const listener = open(connect(owner), roomId);
    await listener.ready();
    const heard: unknown[] = [];
    listener.channel.listenForWhisper('typing', (data: unknown) => heard.push(data));

    const outsider = connect(await t.signIn());
    const errors = errorsOf(outsider);
    await waitFor(() => outsider.connectionStatus() === 'connected', 'the connection');
    outsider.connector.pusher.send_event('client-typing', { typing: true }, `presence-chatroom.${roomId}`);
    await waitFor(() => errors.length === 1, 'the refusal');
    expect(errors[0]?.data).toEqual({
      code: 4009,
      message: 'The client is not a member of the specified channel.',
    });

    let publicReady = false;
    outsider.channel('lobby').subscribed(() => {
      publicReady = true;
    });
    await waitFor(() => publicReady, 'the public subscription');
    outsider.connector.pusher.send_event('client-typing', { typing: true }, 'lobby');
    await waitFor(() => errors.length === 2, 'the second refusal');
    expect(errors[1]?.data).toEqual({
      code: null,
      message: 'Client event rejected - only supported on private and presence channels',
    });
    await quiet();
    expect(heard).toEqual([]);
  });

  it('rate-limits whispers per socket (Pusher 4301), and the socket stays up', async () => {
    const roomId = await createRoom();
    const bob = await member(roomId);
    const sender = connect(owner);
    const errors = errorsOf(sender);
    const mine = open(sender, roomId);
    const his = open(connect(bob), roomId);
    await Promise.all([mine.ready(), his.ready()]);
    const heard: unknown[] = [];
    his.channel.listenForWhisper('typing', (data: unknown) => heard.push(data));

    for (let n = 0; n < 15; n++) mine.channel.whisper('typing', { n });
    await waitFor(() => errors.length === 1, 'the rate limit error');
    expect(errors[0]?.data).toEqual({ code: 4301, message: 'Client event rejected due to rate limit' });
    await quiet();
    expect(heard).toHaveLength(10);
    expect(sender.connectionStatus()).toBe('connected');
  });
});
