import type { Room, RoomMember } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { NOT_A_MEMBER, ONLY_SITE_ADMINISTRATORS } from '../http/refusals';
import { setAdmin } from '../repositories/users';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

/** A site administrator's All rooms (`GET chatrooms?scope=all`) and their reading of any room's members. */
describe('all rooms', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let admin: SignedIn;
  let someone: SignedIn;
  let privateId: number;
  let publicId: number;
  let dmId: number;

  const call = (who: SignedIn, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const newRoom = async (name: string, isPrivate: boolean) => {
    const body = { name, description: 'd', max_members: 10, private: isPrivate };
    const id = (await call(owner, 'POST', '/chatrooms', body)).json().id as number;
    await call(owner, 'POST', `/chatrooms/${id}/members`, { username: 'allmember' });
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn('allowner');
    member = await t.signIn('allmember');
    admin = await t.signIn('alladmin');
    someone = await t.signIn('allsomeone');
    await setAdmin(t.app.db, 'alladmin', true);
    publicId = await newRoom('Open house', false);
    privateId = await newRoom('Back office', true);
    dmId = ((await call(owner, 'POST', '/direct-messages', { usernames: ['alladmin'] })).json() as Room).id;
  });
  afterAll(() => t.close());

  it('lists to an administrator every room, private ones they are not in, newest first', async () => {
    const response = await call(admin, 'GET', '/chatrooms?scope=all');
    expect(response.statusCode).toBe(200);
    const rooms = response.json() as Room[];
    expect(rooms.map((room) => room.id)).toEqual([privateId, publicId]);
    expect(rooms[0]).toMatchObject({
      name: 'Back office',
      private: true,
      kind: 'room',
      my_role: null,
      members_count: 2,
      owner: { id: owner.user.id, username: 'allowner' },
    });
    // Their own list is unchanged: the private room is not theirs.
    const own = (await call(admin, 'GET', '/chatrooms')).json() as Room[];
    expect(own.map((room) => room.id)).toEqual([publicId]);
  });

  it('never lists a direct message, not even the administrator’s own', async () => {
    const rooms = (await call(admin, 'GET', '/chatrooms?scope=all')).json() as Room[];
    expect(rooms.some((room) => room.id === dmId || room.kind === 'direct')).toBe(false);
  });

  it('refuses everyone else, members and owners included, and the signed-out', async () => {
    for (const who of [owner, member, someone]) {
      const response = await call(who, 'GET', '/chatrooms?scope=all');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ONLY_SITE_ADMINISTRATORS });
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/chatrooms?scope=all' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('takes no other scope', async () => {
    expect((await call(admin, 'GET', '/chatrooms?scope=mine')).statusCode).toBe(422);
  });

  it('lets an administrator read the members of any room but a direct message', async () => {
    const expected: RoomMember[] = [
      { id: member.user.id, username: 'allmember', role: 'member' },
      { id: owner.user.id, username: 'allowner', role: 'owner' },
    ];
    for (const id of [privateId, publicId]) {
      const response = await call(admin, 'GET', `/chatrooms/${id}/members`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    const dmOfOthers = (await call(owner, 'POST', '/direct-messages', { usernames: ['allmember'] })).json();
    expect((await call(admin, 'GET', `/chatrooms/${dmOfOthers.id}/members`)).statusCode).toBe(404);
  });

  it('leaves others as they were: 404 for a private room, 403 for a public one', async () => {
    expect((await call(someone, 'GET', `/chatrooms/${privateId}/members`)).statusCode).toBe(404);
    const refused = await call(someone, 'GET', `/chatrooms/${publicId}/members`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_A_MEMBER });
    // Nothing else opens to the administrator: the private room's own record stays 404.
    expect((await call(admin, 'GET', `/chatrooms/${privateId}`)).statusCode).toBe(404);
  });
});

/** The e2e fixtures' way to an administrator (only with ENABLE_TEST_ENDPOINTS, as the other test routes). */
describe('POST /api/testing/admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
  });
  afterAll(() => t.close());

  it('makes a user an administrator, and answers 404 for nobody', async () => {
    const user = await t.signIn('tobeadmin');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/testing/admins',
      payload: { username: 'ToBeAdmin' },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: user.user.id, username: 'tobeadmin' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.json().is_admin).toBe(true);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/testing/admins',
      payload: { username: 'nobody' },
    });
    expect(nobody.statusCode).toBe(404);
  });
});
