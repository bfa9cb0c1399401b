import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { echoClients } from '../testing/echo-client';
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
  type Heard = [string, unknown];
  const heard = new Map<SignedIn, Heard[]>();
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  const call = (who: SignedIn, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const names = (who: SignedIn) => heard.get(who)?.map(([name]) => name);

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

    let subscribed = 0;
    for (const who of [ann, bob, outsider]) {
      heard.set(who, []);
      const echo = echoes.connect(who.token);
      const rooms = who === outsider ? [] : [`chatroom.${secret.id}`, `chatroom.${open.id}`];
      for (const name of ['chatroom', ...rooms, `App.Models.User.${who.user.id}`]) {
        const channel = echo.private(name).subscribed(() => subscribed++);
        for (const event of ['RoomDeleted', 'MessageSent'])
          channel.listen(event, (data: unknown) => heard.get(who)?.push([`${name} ${event}`, data]));
      }
    }
    await waitFor(() => subscribed === 10, 'every subscription');
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
    for (const who of heard.keys()) heard.set(who, []);
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
    for (const who of heard.keys()) heard.set(who, []);
    await t.app.publisher.publish(`private-chatroom.${open.id}`, 'App\\Events\\MessageSent', { probe: true });
    await t.app.publisher.publish(`private-chatroom.${secret.id}`, 'App\\Events\\MessageSent', {
      probe: true,
    });
    await pause();
    expect([...heard.values()].flat()).toEqual([]);
  });
});
