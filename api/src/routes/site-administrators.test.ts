import type { Room } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { ONLY_THE_OWNER } from '../http/refusals';
import { listAudit } from '../repositories/audit-log';
import { setAdmin } from '../repositories/users';
import { apiCaller } from '../testing/api-caller';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** A site administrator may do in any room, private ones included, what its owner may; never in a direct message. */
describe('site administrators', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let admin: SignedIn;
  let someone: SignedIn;

  const call = apiCaller(() => t.app);
  const newRoom = async (isPrivate: boolean) => {
    const body = { name: 'Theirs', description: 'd', max_members: 10, private: isPrivate };
    const id = (await call(owner, 'POST', '/chatrooms', body)).json().id as number;
    await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'amember' });
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn('aowner');
    member = await t.signIn('amember');
    admin = await t.signIn('theadmin');
    someone = await t.signIn('someone');
    await setAdmin(t.app.db, 'TheAdmin', true);
  });
  afterAll(() => t.close());

  it('says so in GET me, and an operator can take it back', async () => {
    expect((await call(admin, 'GET', '/me')).json()).toEqual({
      id: admin.user.id,
      username: 'theadmin',
      image: null,
      is_admin: true,
    });
    expect((await call(someone, 'GET', '/me')).json().is_admin).toBe(false);
    await setAdmin(t.app.db, 'someone', true);
    await setAdmin(t.app.db, 'someone', false);
    expect((await call(someone, 'GET', '/me')).json().is_admin).toBe(false);
  });

  for (const isPrivate of [false, true]) {
    it(`acts as the owner in a ${isPrivate ? 'private' : 'public'} room it is not in`, async () => {
      const id = await newRoom(isPrivate);
      const renamed = await call(admin, 'PATCH', `/chatrooms/${id}`, { name: 'Moderated' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id, name: 'Moderated', my_role: null, private: isPrivate });
      const invited = await call(admin, 'POST', `/chatrooms/${id}/members`, { username: 'someone' });
      expect(invited.statusCode).toBe(201);
      const made = await call(admin, 'POST', `/chatrooms/${id}/owner`, { user_id: member.user.id });
      expect(made.json()).toMatchObject({ owner: { id: member.user.id } });
      // Removing the owner leaves the room with none.
      expect((await call(admin, 'DELETE', `/chatrooms/${id}/members/${member.user.id}`)).statusCode).toBe(
        204,
      );
      expect(((await call(owner, 'GET', `/chatrooms/${id}`)).json() as Room).owner).toBeNull();
      const records = await listAudit(t.app.db, { roomId: id, limit: 10 });
      expect(records.filter((r) => r.actor === 'theadmin').map((r) => [r.action, r.details])).toEqual([
        ['member.remove', { as_admin: true }],
        ['owner.transfer', { as_admin: true, from: owner.user.id }],
        ['member.invite', { as_admin: true }],
        ['room.update', { as_admin: true, name: { from: 'Theirs', to: 'Moderated' } }],
      ]);
    });
  }

  it('is an outsider in a direct message, and others stay refused', async () => {
    const dm = (await call(owner, 'POST', '/direct-messages', { usernames: ['amember'] })).json() as Room;
    expect((await call(admin, 'PATCH', `/chatrooms/${dm.id}`, { name: 'x' })).statusCode).toBe(404);
    expect(
      (await call(admin, 'POST', `/chatrooms/${dm.id}/members`, { username: 'someone' })).statusCode,
    ).toBe(404);
    const id = await newRoom(false);
    const refused = await call(someone, 'PATCH', `/chatrooms/${id}`, { name: 'x' });
    expect(refused.json()).toEqual({ message: ONLY_THE_OWNER });
  });
});
