import { ROOM_ARCHIVED } from '@chat/shared/constants';
import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { NOT_A_MEMBER, NOT_THE_AUTHOR, ONLY_THE_OWNER } from '../http/refusals';
import { ROOM_DELETED_EVENT } from '../realtime/room-deleted';
import { ROOM_UPDATED_EVENT } from '../realtime/room-list-events';
import { listAudit } from '../repositories/audit-log';
import { setAdmin } from '../repositories/users';
import { type ApiMethod, apiCaller } from '../testing/api-caller';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Archive, unarchive and delete a room; owners and administrators delete others' messages. */
describe('archiving and deleting rooms', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;

  const call = apiCaller(() => t.app);
  /** A room of `owner` with `member` in it: its id. */
  const newRoom = async (isPrivate = false) => {
    const body = {
      name: isPrivate ? 'Secret' : 'Open',
      description: 'd',
      max_members: 10,
      private: isPrivate,
    };
    const id = (await call(owner, 'POST', '/chatrooms', body)).json().id as number;
    expect(
      (await call(owner, 'POST', `/chatrooms/${id}/members`, { username: member.user.username })).statusCode,
    ).toBe(201);
    return id;
  };
  const send = async (who: SignedIn, roomId: number, content = 'hi') => {
    const sent = await call(who, 'POST', `/chatrooms/${roomId}/messages`, { content });
    expect(sent.statusCode).toBe(201);
    return sent.json().id as number;
  };
  const directMessage = async () =>
    (await call(owner, 'POST', '/direct-messages', { usernames: [member.user.username] })).json()
      .id as number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn('lc_owner');
    member = await t.signIn('lc_member');
    stranger = await t.signIn('lc_stranger');
    admin = await t.signIn('lc_admin');
    await setAdmin(t.app.db, 'lc_admin', true);
  });
  afterAll(() => t.close());

  describe('PUT and DELETE chatrooms/{id}/archive', () => {
    it('archives for the owner (once: again is unchanged), lists and open rooms hear it, and unarchives', async () => {
      const roomId = await newRoom();
      t.published.events.length = 0;
      const archived = await call(owner, 'PUT', `/chatrooms/${roomId}/archive`);
      expect(archived.statusCode).toBe(200);
      const room = archived.json() as Room;
      expect(room).toMatchObject({ id: roomId, my_role: 'owner', is_member: true });
      expect(room.archived_at).toMatch(TIMESTAMP);
      expect(t.published.events.map((e) => [e.channel, e.event])).toEqual([
        ['private-chatroom', ROOM_UPDATED_EVENT],
        [`private-chatroom.${roomId}`, ROOM_UPDATED_EVENT],
      ]);
      expect(t.published.events[0]?.data).toEqual({
        room: expect.objectContaining({ id: roomId, archived_at: room.archived_at }),
      });

      t.published.events.length = 0;
      const again = await call(owner, 'PUT', `/chatrooms/${roomId}/archive`);
      expect(again.statusCode).toBe(200);
      expect(again.json().archived_at).toBe(room.archived_at);
      expect(t.published.events).toEqual([]);

      // Everyone reads it as archived: the room, the list.
      expect((await call(stranger, 'GET', `/chatrooms/${roomId}`)).json().archived_at).toBe(room.archived_at);
      const listed = ((await call(stranger, 'GET', '/chatrooms')).json() as Room[]).find(
        (r) => r.id === roomId,
      );
      expect(listed?.archived_at).toBe(room.archived_at);

      const reopened = await call(owner, 'DELETE', `/chatrooms/${roomId}/archive`);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json().archived_at).toBeNull();
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/archive`)).json().archived_at).toBeNull();
      const actions = (await listAudit(t.app.db, { roomId, limit: 10 })).map((row) => row.action);
      expect(actions.slice(0, 2)).toEqual(['room.unarchive', 'room.archive']);
    });

    it('an open room says archived_at null', async () => {
      const roomId = await newRoom();
      expect((await call(owner, 'GET', `/chatrooms/${roomId}`)).json().archived_at).toBeNull();
    });

    it.each(['PUT', 'DELETE'] as const)(
      '%s: refuses members and strangers (403), private outsiders and direct messages (404)',
      async (method) => {
        const open = await newRoom();
        const secret = await newRoom(true);
        const direct = await directMessage();
        expect((await call(member, method, `/chatrooms/${open}/archive`)).json()).toEqual({
          message: ONLY_THE_OWNER,
        });
        expect((await call(member, method, `/chatrooms/${open}/archive`)).statusCode).toBe(403);
        expect((await call(stranger, method, `/chatrooms/${open}/archive`)).statusCode).toBe(403);
        expect((await call(member, method, `/chatrooms/${secret}/archive`)).statusCode).toBe(403);
        expect((await call(stranger, method, `/chatrooms/${secret}/archive`)).statusCode).toBe(404);
        expect((await call(owner, method, `/chatrooms/${direct}/archive`)).statusCode).toBe(404);
        expect((await call(admin, method, `/chatrooms/${direct}/archive`)).statusCode).toBe(404);
        expect((await call(owner, method, '/chatrooms/999999/archive')).statusCode).toBe(404);
        expect((await call(owner, method, '/chatrooms/abc/archive')).statusCode).toBe(404);
        expect((await call(null, method, `/chatrooms/${open}/archive`)).statusCode).toBe(401);
      },
    );

    it('lets a site administrator archive a private room they are not in, recorded as_admin', async () => {
      const secret = await newRoom(true);
      const archived = await call(admin, 'PUT', `/chatrooms/${secret}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toMatchObject({
        id: secret,
        is_member: false,
        archived_at: expect.stringMatching(TIMESTAMP),
      });
      const [row] = await listAudit(t.app.db, { roomId: secret, limit: 1 });
      expect(row).toMatchObject({ action: 'room.archive', actor: 'lc_admin', details: { as_admin: true } });
      expect((await call(admin, 'DELETE', `/chatrooms/${secret}/archive`)).json().archived_at).toBeNull();
    });
  });

  describe('an archived room', () => {
    let roomId: number;
    let secret: number;
    let mine: number;
    let theirs: number;
    const refused = { message: ROOM_ARCHIVED };

    beforeAll(async () => {
      roomId = await newRoom();
      secret = await newRoom(true);
      mine = await send(member, roomId, 'mine');
      theirs = await send(owner, roomId, 'theirs');
      await call(
        member,
        'PUT',
        `/chatrooms/${roomId}/messages/${mine}/reactions/${encodeURIComponent('👍')}`,
      );
      await send(member, secret);
      for (const id of [roomId, secret])
        expect((await call(owner, 'PUT', `/chatrooms/${id}/archive`)).statusCode).toBe(200);
    });

    const expectArchived = async (response: Awaited<ReturnType<typeof call>>) => {
      expect([response.statusCode, response.json()]).toEqual([403, refused]);
    };

    it('refuses every write with 403 This room is archived.', async () => {
      const reaction = `/chatrooms/${roomId}/messages/${mine}/reactions/${encodeURIComponent('🎉')}`;
      await expectArchived(await call(stranger, 'POST', `/chatrooms/${roomId}/join`));
      // A member opens it as ever (the spec's client joins to open a room): nothing changes, it is read.
      const opened = await call(member, 'POST', `/chatrooms/${roomId}/join`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().room).toMatchObject({ id: roomId, is_member: true });
      await expectArchived(await call(member, 'POST', `/chatrooms/${roomId}/messages`, { content: 'x' }));
      await expectArchived(
        await call(member, 'PATCH', `/chatrooms/${roomId}/messages/${mine}`, { content: 'y' }),
      );
      await expectArchived(await call(member, 'PUT', reaction));
      await expectArchived(
        await call(
          member,
          'DELETE',
          `/chatrooms/${roomId}/messages/${mine}/reactions/${encodeURIComponent('👍')}`,
        ),
      );
      await expectArchived(await call(member, 'DELETE', `/chatrooms/${roomId}/messages/${mine}`));
      await expectArchived(await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${mine}`));
      await expectArchived(await call(admin, 'DELETE', `/chatrooms/${roomId}/messages/${theirs}`));
      await expectArchived(
        await call(owner, 'POST', `/chatrooms/${roomId}/members`, { username: 'lc_stranger' }),
      );
      await expectArchived(await call(owner, 'PATCH', `/chatrooms/${roomId}`, { name: 'Renamed' }));
      await expectArchived(await call(member, 'POST', `/chatrooms/${secret}/messages`, { content: 'x' }));
    });

    it('refuses an image too, and stores nothing', async () => {
      const form = await multipart(
        { content: '' },
        { attachment: { bytes: PNG_1X1, filename: 'a.png', type: 'image/png' } },
      );
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
      await expectArchived(response);
      const names: string[] = [];
      for await (const name of t.app.attachments.store.names()) names.push(name);
      expect(names).toEqual([]);
    });

    it('checks existence and membership first: 404 to private outsiders, 403 not a member to strangers', async () => {
      expect((await call(stranger, 'POST', `/chatrooms/${secret}/join`)).statusCode).toBe(404);
      expect(
        (await call(stranger, 'POST', `/chatrooms/${secret}/messages`, { content: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (await call(stranger, 'POST', `/chatrooms/${secret}/members`, { username: 'lc_admin' })).statusCode,
      ).toBe(404);
      expect(
        (await call(member, 'POST', `/chatrooms/${roomId}/members`, { username: 'lc_admin' })).json(),
      ).toEqual({
        message: ONLY_THE_OWNER,
      });
      const outsider = await call(stranger, 'POST', `/chatrooms/${roomId}/messages`, { content: 'x' });
      expect([outsider.statusCode, outsider.json()]).toEqual([403, { message: NOT_A_MEMBER }]);
      const edit = await call(stranger, 'PATCH', `/chatrooms/${roomId}/messages/${mine}`, { content: 'x' });
      expect([edit.statusCode, edit.json()]).toEqual([403, { message: NOT_A_MEMBER }]);
      const react = await call(
        stranger,
        'PUT',
        `/chatrooms/${roomId}/messages/${mine}/reactions/${encodeURIComponent('👍')}`,
      );
      expect([react.statusCode, react.json()]).toEqual([403, { message: NOT_A_MEMBER }]);
      const remove = await call(stranger, 'DELETE', `/chatrooms/${roomId}/messages/${mine}`);
      expect([remove.statusCode, remove.json()]).toEqual([403, { message: NOT_A_MEMBER }]);
      expect((await call(member, 'POST', '/chatrooms/999999/messages', { content: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('still reads: the room, its messages, members, search, and read positions', async () => {
      expect((await call(member, 'GET', `/chatrooms/${roomId}`)).statusCode).toBe(200);
      const page = await call(member, 'GET', `/chatrooms/${roomId}/messages`);
      expect(page.json().map((m: { id: number }) => m.id)).toEqual([mine, theirs]);
      expect((await call(member, 'GET', `/chatrooms/${roomId}/members`)).statusCode).toBe(200);
      expect((await call(member, 'GET', `/chatrooms/${roomId}/messages/search?q=mine`)).statusCode).toBe(200);
      expect(
        (await call(member, 'POST', `/chatrooms/${roomId}/read`, { message_id: theirs })).statusCode,
      ).toBe(204);
    });

    it('lets the owner hand over, remove a member and leave alone as elsewhere, and writes go on once unarchived', async () => {
      const other = await newRoom();
      await call(owner, 'PUT', `/chatrooms/${other}/archive`);
      expect(
        (await call(owner, 'POST', `/chatrooms/${other}/owner`, { user_id: member.user.id })).statusCode,
      ).toBe(200);
      expect((await call(member, 'DELETE', `/chatrooms/${other}/members/${owner.user.id}`)).statusCode).toBe(
        204,
      );
      expect((await call(member, 'DELETE', `/chatrooms/${other}/archive`)).statusCode).toBe(200);
      await send(member, other, 'back');
    });
  });

  describe('DELETE chatrooms/{id}', () => {
    it('refuses members and strangers (403), private outsiders, direct messages and unknown rooms (404)', async () => {
      const open = await newRoom();
      const secret = await newRoom(true);
      const direct = await directMessage();
      const member403 = await call(member, 'DELETE', `/chatrooms/${open}`);
      expect([member403.statusCode, member403.json()]).toEqual([403, { message: ONLY_THE_OWNER }]);
      expect((await call(stranger, 'DELETE', `/chatrooms/${open}`)).statusCode).toBe(403);
      expect((await call(member, 'DELETE', `/chatrooms/${secret}`)).statusCode).toBe(403);
      expect((await call(stranger, 'DELETE', `/chatrooms/${secret}`)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', `/chatrooms/${direct}`)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/chatrooms/${direct}`)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', '/chatrooms/999999')).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', '/chatrooms/0')).statusCode).toBe(404);
      expect((await call(null, 'DELETE', `/chatrooms/${open}`)).statusCode).toBe(401);
      // Nothing was deleted.
      expect((await call(member, 'GET', `/chatrooms/${secret}`)).statusCode).toBe(200);
      expect((await call(member, 'GET', `/chatrooms/${direct}/messages`)).statusCode).toBe(200);
    });

    it('is gone for everyone at once: every endpoint of it answers 404', async () => {
      const roomId = await newRoom();
      const messageId = await send(member, roomId);
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}`)).statusCode).toBe(204);
      const everywhere: [SignedIn, ApiMethod, string, object?][] = [
        [member, 'GET', `/chatrooms/${roomId}`],
        [member, 'GET', `/chatrooms/${roomId}/messages`],
        [member, 'GET', `/chatrooms/${roomId}/messages?after_id=0`],
        [member, 'GET', `/chatrooms/${roomId}/messages/search?q=hi`],
        [member, 'GET', `/chatrooms/${roomId}/members`],
        [member, 'POST', `/chatrooms/${roomId}/messages`, { content: 'x' }],
        [member, 'PATCH', `/chatrooms/${roomId}/messages/${messageId}`, { content: 'x' }],
        [member, 'DELETE', `/chatrooms/${roomId}/messages/${messageId}`],
        [member, 'PUT', `/chatrooms/${roomId}/messages/${messageId}/reactions/${encodeURIComponent('👍')}`],
        [member, 'POST', `/chatrooms/${roomId}/read`, { message_id: messageId }],
        [member, 'POST', `/chatrooms/${roomId}/leave`],
        [stranger, 'POST', `/chatrooms/${roomId}/join`],
        [owner, 'PATCH', `/chatrooms/${roomId}`, { name: 'x' }],
        [owner, 'POST', `/chatrooms/${roomId}/members`, { username: 'lc_stranger' }],
        [owner, 'DELETE', `/chatrooms/${roomId}/members/${member.user.id}`],
        [owner, 'POST', `/chatrooms/${roomId}/owner`, { user_id: member.user.id }],
        [owner, 'PUT', `/chatrooms/${roomId}/archive`],
        [owner, 'DELETE', `/chatrooms/${roomId}`],
        [admin, 'DELETE', `/chatrooms/${roomId}`],
      ];
      for (const [who, method, url, payload] of everywhere) {
        expect([method, url, (await call(who, method, url, payload)).statusCode]).toEqual([method, url, 404]);
      }
      const listed = (await call(member, 'GET', '/chatrooms')).json() as Room[];
      expect(listed.some((room) => room.id === roomId)).toBe(false);
    });

    it('publishes RoomDeleted on private-chatroom and the room channel for a public room, and records it', async () => {
      const roomId = await newRoom();
      t.published.events.length = 0;
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}`)).statusCode).toBe(204);
      const event = { room_id: roomId, room_name: 'Open' };
      expect(t.published.events).toEqual([
        { channel: 'private-chatroom', event: ROOM_DELETED_EVENT, data: event },
        { channel: `private-chatroom.${roomId}`, event: ROOM_DELETED_EVENT, data: event },
      ]);
      const [row] = await listAudit(t.app.db, { roomId, limit: 1 });
      expect(row).toMatchObject({
        action: 'room.delete',
        actor: 'lc_owner',
        details: { name: 'Open', private: false },
      });
    });

    it("a private room's on each former member's own channel and the room channel; an administrator may delete it", async () => {
      const roomId = await newRoom(true);
      t.published.events.length = 0;
      expect((await call(admin, 'DELETE', `/chatrooms/${roomId}`)).statusCode).toBe(204);
      const event = { room_id: roomId, room_name: 'Secret' };
      expect(t.published.events).toEqual(
        [
          { channel: `private-App.Models.User.${owner.user.id}`, event: ROOM_DELETED_EVENT, data: event },
          { channel: `private-App.Models.User.${member.user.id}`, event: ROOM_DELETED_EVENT, data: event },
          { channel: `private-chatroom.${roomId}`, event: ROOM_DELETED_EVENT, data: event },
        ].sort((a, b) => (a.channel.endsWith(`.${roomId}`) ? 1 : b.channel.endsWith(`.${roomId}`) ? -1 : 0)),
      );
      const [row] = await listAudit(t.app.db, { roomId, limit: 1 });
      expect(row).toMatchObject({
        action: 'room.delete',
        actor: 'lc_admin',
        details: { as_admin: true, private: true },
      });
    });

    it('deletes an archived room too', async () => {
      const roomId = await newRoom();
      await call(owner, 'PUT', `/chatrooms/${roomId}/archive`);
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}`)).statusCode).toBe(204);
      expect((await call(owner, 'GET', `/chatrooms/${roomId}`)).statusCode).toBe(404);
    });
  });

  describe("deleting another's message", () => {
    it('the owner may, with MessageDeleted as ever and an audit row; a member may not', async () => {
      const roomId = await newRoom();
      const hers = await send(member, roomId, 'hers');
      const other = await send(member, roomId, 'other');
      const his = await send(owner, roomId, 'his');
      const refused = await call(member, 'DELETE', `/chatrooms/${roomId}/messages/${his}`);
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: NOT_THE_AUTHOR }]);
      const strangers = await call(stranger, 'DELETE', `/chatrooms/${roomId}/messages/${his}`);
      expect([strangers.statusCode, strangers.json()]).toEqual([403, { message: NOT_A_MEMBER }]);

      t.published.events.length = 0;
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${hers}`)).statusCode).toBe(204);
      expect(t.published.events.map((e) => e.event)).toContain('App\\Events\\MessageDeleted');
      const page = (await call(member, 'GET', `/chatrooms/${roomId}/messages`)).json() as { id: number }[];
      expect(page.map((m) => m.id)).toEqual([other, his]);
      const [row] = await listAudit(t.app.db, { roomId, limit: 1 });
      expect(row).toMatchObject({
        action: 'message.delete',
        actor: 'lc_owner',
        target: 'lc_member',
        details: { message_id: hers },
      });
      // Their own: no audit row.
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${his}`)).statusCode).toBe(204);
      expect((await listAudit(t.app.db, { roomId, limit: 1 }))[0]?.details).toEqual({ message_id: hers });
      expect((await call(owner, 'DELETE', `/chatrooms/${roomId}/messages/${hers}`)).statusCode).toBe(404);
    });

    it('an administrator may in any room, member or not, private too; never in a direct message', async () => {
      const open = await newRoom();
      const secret = await newRoom(true);
      const direct = await directMessage();
      const inOpen = await send(member, open);
      const inSecret = await send(member, secret);
      const inDirect = await send(member, direct);
      expect((await call(admin, 'DELETE', `/chatrooms/${open}/messages/${inOpen}`)).statusCode).toBe(204);
      expect((await call(admin, 'DELETE', `/chatrooms/${secret}/messages/${inSecret}`)).statusCode).toBe(204);
      expect((await call(admin, 'DELETE', `/chatrooms/${direct}/messages/${inDirect}`)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', `/chatrooms/${direct}/messages/${inDirect}`)).json()).toEqual({
        message: NOT_THE_AUTHOR,
      });
      const [row] = await listAudit(t.app.db, { roomId: secret, limit: 1 });
      expect(row).toMatchObject({
        action: 'message.delete',
        actor: 'lc_admin',
        details: { message_id: inSecret, as_admin: true },
      });
      expect((await call(stranger, 'DELETE', `/chatrooms/${secret}/messages/${inSecret}`)).statusCode).toBe(
        404,
      );
    });
  });

  it('keeps other rooms whole', async () => {
    const kept = await newRoom();
    const keptMessage = await send(member, kept);
    const gone = await newRoom();
    await send(member, gone);
    await call(owner, 'DELETE', `/chatrooms/${gone}`);
    await t.app.purges.idle();
    const page = (await call(member, 'GET', `/chatrooms/${kept}/messages`)).json() as { id: number }[];
    expect(page.map((m) => m.id)).toEqual([keptMessage]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${gone}`.execute(t.app.db);
    expect(rows[0]?.n).toBe(0);
  });
});
