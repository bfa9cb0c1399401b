import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  maxMembersBelowCount,
  NEW_OWNER_NOT_A_MEMBER,
  NO_REMOVING_YOURSELF,
  NOT_A_MEMBER,
  NOT_A_MEMBER_TO_REMOVE,
  ONLY_THE_OWNER,
  OWNER_MUST_HAND_OVER,
  REMOVED_FROM_THIS_ROOM,
  ROOM_FULL,
  SETTINGS_REQUIRED,
  unknownUsername,
} from '../http/refusals';
import { listAudit } from '../repositories/audit-log';
import { apiCaller } from '../testing/api-caller';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** Owners: settings, invite, remove, make owner, and the owner-leave rule, each by every role. */
describe('room owners', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let outsider: SignedIn;
  let newcomer: SignedIn;

  const call = apiCaller(() => t.app);
  const room = async (who: SignedIn, id: number) =>
    (await call(who, 'GET', `/chatrooms/${id}`)).json() as Room;
  const newRoom = async (maxMembers = 10) => {
    const created = await call(owner, 'POST', '/chatrooms', {
      name: 'Owned',
      description: 'd',
      max_members: maxMembers,
    });
    const id = created.json().id as number;
    await t.join(member, id);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn('owner');
    member = await t.signIn('member');
    outsider = await t.signIn('outsider');
    newcomer = await t.signIn('Newcomer');
  });
  afterAll(() => t.close());

  it("names the owner and each caller's role; the members list carries roles", async () => {
    const id = await newRoom();
    const ownerView = { id: owner.user.id, username: 'owner' };
    expect(await room(owner, id)).toMatchObject({ private: false, owner: ownerView, my_role: 'owner' });
    expect(await room(member, id)).toMatchObject({ owner: ownerView, my_role: 'member' });
    expect(await room(outsider, id)).toMatchObject({ owner: ownerView, my_role: null, is_member: false });
    const members = await call(member, 'GET', `/chatrooms/${id}/members`);
    expect(members.json()).toEqual([
      { id: member.user.id, username: 'member', role: 'member' },
      { id: owner.user.id, username: 'owner', role: 'owner' },
    ]);
  });

  describe('PATCH and PUT chatrooms/{id}', () => {
    it('lets the owner change any setting, answers the Room, and tells every list (RoomUpdated)', async () => {
      const id = await newRoom();
      t.published.events.length = 0;
      const patched = await call(owner, 'PATCH', `/chatrooms/${id}`, { name: 'Renamed' });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({
        id,
        name: 'Renamed',
        description: 'd',
        max_members: 10,
        my_role: 'owner',
      });
      const put = await call(owner, 'PUT', `/chatrooms/${id}`, { description: 'new', max_members: 5 });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'Renamed', description: 'new', max_members: 5 });
      const updates = t.published.events.filter((e) => e.event === 'App\\Events\\RoomUpdated');
      // Each change: every list on 'chatroom', and an open chat room on the room's own channel.
      expect(updates.map((e) => e.channel)).toEqual([
        'private-chatroom',
        `private-chatroom.${id}`,
        'private-chatroom',
        `private-chatroom.${id}`,
      ]);
      expect(updates[3]?.data).toEqual(updates[2]?.data);
      expect(updates[2]?.data).toEqual({
        room: expect.objectContaining({
          id,
          name: 'Renamed',
          description: 'new',
          max_members: 5,
          private: false,
        }),
      });
      expect((updates[1]?.data as { room?: object } | undefined)?.room).not.toHaveProperty('my_role');
    });

    it('refuses a member and an outsider (403), and answers 404 for no room and a direct message', async () => {
      const id = await newRoom();
      for (const who of [member, outsider]) {
        const refused = await call(who, 'PATCH', `/chatrooms/${id}`, { name: 'Mine' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
      }
      expect((await call(owner, 'PATCH', '/chatrooms/999999', { name: 'x' })).statusCode).toBe(404);
      const dm = (await call(owner, 'POST', '/direct-messages', { usernames: ['member'] })).json() as Room;
      expect(dm.owner).toBeNull();
      expect(dm.my_role).toBe('member');
      expect((await call(owner, 'PATCH', `/chatrooms/${dm.id}`, { name: 'x' })).statusCode).toBe(404);
      expect((await room(owner, id)).name).toBe('Owned');
    });

    it('validates as on create: nothing to change, too long, out of range, below the member count', async () => {
      const id = await newRoom();
      const empty = await call(owner, 'PATCH', `/chatrooms/${id}`, { name: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ message: SETTINGS_REQUIRED });
      const long = await call(owner, 'PATCH', `/chatrooms/${id}`, { name: 'x'.repeat(101) });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toHaveProperty('name');
      const range = await call(owner, 'PATCH', `/chatrooms/${id}`, { max_members: 1 });
      expect(range.statusCode).toBe(422);
      expect(range.json().errors.max_members).toEqual([
        'Max Members must be a whole number between 2 and 1000.',
      ]);
      await t.join(newcomer, id);
      const below = await call(owner, 'PATCH', `/chatrooms/${id}`, { max_members: 2 });
      expect(below.statusCode).toBe(422);
      expect(below.json()).toEqual({
        message: maxMembersBelowCount(3),
        errors: { max_members: [maxMembersBelowCount(3)] },
      });
      expect((await call(owner, 'PATCH', `/chatrooms/${id}`, { max_members: 3 })).statusCode).toBe(200);
      expect((await call(outsider, 'POST', `/chatrooms/${id}/join`)).json()).toEqual({ message: ROOM_FULL });
    });
  });

  describe('POST chatrooms/{id}/members', () => {
    it('lets the owner invite by username: 201 the member, 200 when already in, who then hears RoomInvited', async () => {
      const id = await newRoom();
      t.published.events.length = 0;
      const invited = await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'newcomer' });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toEqual({ id: newcomer.user.id, username: 'Newcomer' });
      expect((await room(newcomer, id)).my_role).toBe('member');
      const again = await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'Newcomer' });
      expect(again.statusCode).toBe(200);
      const heard = t.published.events.filter(
        (e) => e.channel === `private-App.Models.User.${newcomer.user.id}`,
      );
      expect(heard).toEqual([
        {
          channel: `private-App.Models.User.${newcomer.user.id}`,
          event: 'App\\Events\\RoomInvited',
          data: {
            room: expect.objectContaining({ id, is_member: true, my_role: 'member', members_count: 3 }),
          },
        },
      ]);
      expect(
        t.published.events.some((e) => e.channel === 'private-chatroom' && e.event.endsWith('RoomUpdated')),
      ).toBe(true);
    });

    it('refuses an unknown username (422 errors.username), a full room, a member and an outsider', async () => {
      const id = await newRoom(2);
      const unknown = await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'nobody-here' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ username: [unknownUsername('nobody-here')] });
      const full = await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'outsider' });
      expect(full.statusCode).toBe(422);
      expect(full.json()).toEqual({ message: ROOM_FULL });
      for (const who of [member, outsider]) {
        const refused = await call(who, 'POST', `/chatrooms/${id}/members`, { username: 'newcomer' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
      }
      expect((await call(owner, 'POST', `/chatrooms/${id}/members`, {})).statusCode).toBe(422);
    });
  });

  describe('DELETE chatrooms/{id}/members/{userId}', () => {
    it('removes a member, who hears RemovedFromRoom, may not read it, and may not join until invited back', async () => {
      const id = await newRoom();
      t.published.events.length = 0;
      const removed = await call(owner, 'DELETE', `/chatrooms/${id}/members/${member.user.id}`);
      expect(removed.statusCode).toBe(204);
      expect(t.published.events).toContainEqual({
        channel: `private-App.Models.User.${member.user.id}`,
        event: 'App\\Events\\RemovedFromRoom',
        data: { room_id: id, room_name: 'Owned' },
      });
      expect(await room(member, id)).toMatchObject({ is_member: false, my_role: null, members_count: 1 });
      const read = await call(member, 'GET', `/chatrooms/${id}/messages`);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ message: NOT_A_MEMBER });
      const join = await call(member, 'POST', `/chatrooms/${id}/join`);
      expect(join.statusCode).toBe(403);
      expect(join.json()).toEqual({ message: REMOVED_FROM_THIS_ROOM });
      expect((await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'member' })).statusCode).toBe(
        201,
      );
      await call(member, 'POST', `/chatrooms/${id}/leave`);
      expect((await call(member, 'POST', `/chatrooms/${id}/join`)).statusCode).toBe(200);
    });

    it('refuses removing oneself (422), a non-member (404), and anyone but the owner (403)', async () => {
      const id = await newRoom();
      const self = await call(owner, 'DELETE', `/chatrooms/${id}/members/${owner.user.id}`);
      expect(self.statusCode).toBe(422);
      expect(self.json()).toEqual({ message: NO_REMOVING_YOURSELF });
      const absent = await call(owner, 'DELETE', `/chatrooms/${id}/members/${outsider.user.id}`);
      expect(absent.statusCode).toBe(404);
      expect(absent.json()).toEqual({ message: NOT_A_MEMBER_TO_REMOVE });
      for (const who of [member, outsider]) {
        const refused = await call(who, 'DELETE', `/chatrooms/${id}/members/${owner.user.id}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
      }
      // A malformed id is no member, as a malformed room id is no room.
      expect((await call(owner, 'DELETE', `/chatrooms/${id}/members/abc`)).statusCode).toBe(404);
    });
  });

  describe('POST chatrooms/{id}/owner and the owner-leave rule', () => {
    it('makes a member owner (by id or username); the old owner stays a member', async () => {
      const id = await newRoom();
      const made = await call(owner, 'POST', `/chatrooms/${id}/owner`, { user_id: member.user.id });
      expect(made.statusCode).toBe(200);
      expect(made.json()).toMatchObject({
        owner: { id: member.user.id, username: 'member' },
        my_role: 'member',
      });
      const refused = await call(owner, 'PATCH', `/chatrooms/${id}`, { name: 'x' });
      expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
      const back = await call(member, 'POST', `/chatrooms/${id}/owner`, { username: 'OWNER' });
      expect(back.json()).toMatchObject({ owner: { id: owner.user.id }, my_role: 'member' });
    });

    it('refuses a non-member target (422), no target, and anyone but the owner (403)', async () => {
      const id = await newRoom();
      const stranger = await call(owner, 'POST', `/chatrooms/${id}/owner`, { user_id: outsider.user.id });
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json().errors).toEqual({ user_id: [NEW_OWNER_NOT_A_MEMBER] });
      const byName = await call(owner, 'POST', `/chatrooms/${id}/owner`, { username: 'nobody-here' });
      expect(byName.json().errors).toEqual({ username: [unknownUsername('nobody-here')] });
      expect((await call(owner, 'POST', `/chatrooms/${id}/owner`, {})).statusCode).toBe(422);
      for (const who of [member, outsider]) {
        const refused = await call(who, 'POST', `/chatrooms/${id}/owner`, { user_id: who.user.id });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
      }
    });

    it('keeps the owner of a room with others from leaving; alone they leave and the room stays ownerless', async () => {
      const id = await newRoom();
      const refused = await call(owner, 'POST', `/chatrooms/${id}/leave`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: OWNER_MUST_HAND_OVER });
      expect((await call(member, 'POST', `/chatrooms/${id}/leave`)).statusCode).toBe(200);
      expect((await call(owner, 'POST', `/chatrooms/${id}/leave`)).statusCode).toBe(200);
      expect(await room(outsider, id)).toMatchObject({ id, owner: null, members_count: 0 });
      expect((await call(outsider, 'POST', `/chatrooms/${id}/join`)).statusCode).toBe(200);
      expect((await room(outsider, id)).my_role).toBe('member');
    });
  });

  it("records every owner's action in audit_log, newest first", async () => {
    const id = await newRoom();
    await call(owner, 'PATCH', `/chatrooms/${id}`, { name: 'Audited' });
    await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'newcomer' });
    await call(owner, 'DELETE', `/chatrooms/${id}/members/${newcomer.user.id}`);
    await call(owner, 'POST', `/chatrooms/${id}/owner`, { user_id: member.user.id });
    await call(owner, 'PATCH', `/chatrooms/${id}`, { name: 'Refused' });
    const records = await listAudit(t.app.db, { roomId: id, limit: 10 });
    expect(records.map((r) => [r.action, r.actor, r.target])).toEqual([
      ['owner.transfer', 'owner', 'member'],
      ['member.remove', 'owner', 'Newcomer'],
      ['member.invite', 'owner', 'Newcomer'],
      ['room.update', 'owner', null],
    ]);
    expect(records[3]).toMatchObject({
      room_id: id,
      room: 'Audited',
      details: { name: { from: 'Owned', to: 'Audited' } },
    });
    expect(records[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await listAudit(t.app.db, { roomId: id, limit: 1 })).toHaveLength(1);
  });
});
