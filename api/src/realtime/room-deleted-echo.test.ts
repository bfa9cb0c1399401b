import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { apiCaller } from '../testing/api-caller';
import { echoClients } from '../testing/echo-client';
import { heardEvents } from '../testing/heard-events';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

/**
 * RoomDeleted through the real laravel-echo on the embedded server: a public room's on `chatroom` (everyone)
 * and its room channel; a private room's on its members' own channels and its room channel only, so an outsider
 * hears nothing; the members' subscriptions to the room's channels are revoked.
 */
describe('RoomDeleted through laravel-echo', () => {
  let t: TestApp;
  let apiUrl: string;
  let wsPort: number;
  let ann: SignedIn;
  let bob: SignedIn;
  let outsider: SignedIn;
  let secret: Room;
  let open: Room;
  const { heard, names, clear, listen } = heardEvents();
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    ann = await t.signIn('del_ann');
    bob = await t.signIn('del_bob');
    outsider = await t.signIn('del_outsider');
    const create = async (name: string, isPrivate: boolean) =>
      (
        await call(ann, 'POST', '/chatrooms', { name, description: 'd', max_members: 5, private: isPrivate })
      ).json() as Room;
    secret = await create('Hideout', true);
    open = await create('Plaza', false);
    for (const room of [secret, open])
      await call(ann, 'POST', `/chatrooms/${room.id}/members`, { username: 'del_bob' });

    await Promise.all(
      [ann, bob, outsider].map((who) => {
        const rooms = who === outsider ? [] : [`chatroom.${secret.id}`, `chatroom.${open.id}`];
        const channels = ['chatroom', ...rooms, `App.Models.User.${who.user.id}`];
        return listen(who, echoes.connect(who.token), channels, ['RoomDeleted', 'MessageSent']);
      }),
    );
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it("a private room's reaches its members' own and room channels; an outsider hears nothing", async () => {
    expect((await call(ann, 'DELETE', `/chatrooms/${secret.id}`)).statusCode).toBe(204);
    await waitFor(() => (heard.get(bob)?.length ?? 0) >= 2, "bob's events");
    await pause();
    const event = { room_id: secret.id, room_name: 'Hideout' };
    for (const who of [ann, bob]) {
      expect(heard.get(who)).toEqual([
        [`App.Models.User.${who.user.id} RoomDeleted`, event],
        [`chatroom.${secret.id} RoomDeleted`, event],
      ]);
    }
    expect(heard.get(outsider)).toEqual([]);
  });

  it("a public room's reaches everyone on chatroom and its members on its room channel", async () => {
    clear();
    expect((await call(ann, 'DELETE', `/chatrooms/${open.id}`)).statusCode).toBe(204);
    await waitFor(
      () => (heard.get(outsider)?.length ?? 0) >= 1 && (heard.get(bob)?.length ?? 0) >= 2,
      'the events',
    );
    await pause();
    expect(names(outsider)).toEqual(['chatroom RoomDeleted']);
    expect(names(bob)).toEqual(['chatroom RoomDeleted', `chatroom.${open.id} RoomDeleted`]);
    expect(heard.get(bob)?.[0]?.[1]).toEqual({ room_id: open.id, room_name: 'Plaza' });
  });

  it("revokes the members' subscriptions to the room's channels", async () => {
    // A publish on a deleted room's channel reaches nobody now.
    clear();
    await t.app.publisher.publish(`private-chatroom.${open.id}`, 'App\\Events\\MessageSent', { probe: true });
    await t.app.publisher.publish(`private-chatroom.${secret.id}`, 'App\\Events\\MessageSent', {
      probe: true,
    });
    await pause();
    expect([...heard.values()].flat()).toEqual([]);
  });
});
