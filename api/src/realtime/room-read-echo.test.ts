import type { RoomReadEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { echoClients } from '../testing/echo-client';
import { createTestApp, type SignedIn, type TestApp, testConfig } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { createPusherPublisher } from './pusher-publisher';
import { RealtimeServer } from './realtime-server';

/**
 * A read reaches the reader's other tabs through the real laravel-echo, `private('App.Models.User.' + id)
 * .listen('RoomRead')`, on either engine: the embedded server, and an external one reached only through the
 * signed HTTP publish API (as Soketi, Reverb or Pusher Channels are; played here by a server of its own). The
 * room's other members, listening on every channel they may, hear nothing.
 */
describe.each(['embedded', 'external'] as const)('RoomRead through laravel-echo, %s engine', (engine) => {
  let t: TestApp;
  let external: RealtimeServer | undefined;
  let apiUrl: string;
  let wsPort: number;
  let reader: SignedIn;
  let member: SignedIn;
  let roomId: number;
  let messageId: number;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (who: SignedIn) => echoes.connect(who.token);

  beforeAll(async () => {
    if (engine === 'embedded') {
      t = await createTestApp({ publisher: 'embedded' });
      wsPort = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    } else {
      const { broadcast } = testConfig();
      external = new RealtimeServer({
        app: { id: broadcast.appId, key: broadcast.key, secret: broadcast.secret },
        allowedOrigins: [],
      });
      wsPort = await external.listen(0, '127.0.0.1');
      t = await createTestApp({
        publisher: createPusherPublisher({ ...broadcast, host: '127.0.0.1', port: wsPort, scheme: 'http' }),
      });
    }
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    reader = await t.signIn();
    member = await t.signIn();
    roomId = await t.createRoom(member, 'Read in another tab');
    await t.join(reader, roomId);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: member.headers,
      payload: { content: 'unread until a tab opens the room' },
    });
    messageId = sent.json().id as number;
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
    await external?.close();
  });

  it("reaches every tab of the reader, and nobody else's", async () => {
    const tabs: RoomReadEvent[][] = [[], []];
    const othersHeard: unknown[] = [];
    let subscribed = 0;
    for (const heard of tabs) {
      connect(reader)
        .private(`App.Models.User.${reader.user.id}`)
        .subscribed(() => subscribed++)
        .listen('RoomRead', (event: RoomReadEvent) => heard.push(event));
    }
    const other = connect(member);
    for (const name of [`App.Models.User.${member.user.id}`, 'chatroom', `chatroom.${roomId}`]) {
      other
        .private(name)
        .subscribed(() => subscribed++)
        .listen('RoomRead', (event: unknown) => othersHeard.push(event));
    }
    await waitFor(() => subscribed === 5, 'every subscription');

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/read`,
      headers: reader.headers,
      payload: { message_id: messageId },
    });
    expect(read.statusCode).toBe(204);
    await waitFor(() => tabs.every((heard) => heard.length === 1), 'the event in both tabs');
    expect(tabs).toEqual([
      [{ room_id: roomId, last_read_id: messageId }],
      [{ room_id: roomId, last_read_id: messageId }],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(othersHeard).toEqual([]);
  });
});
