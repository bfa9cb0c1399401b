import type { Room } from '@chat/shared';
import { API_URL, bearer, createRoom, createUser, getRoom, joinRoom, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makeAdmin } from '../support/site-admin';

test.describe('site administrators', () => {
  test("an administrator opens All rooms, finds someone else's private room and renames it from its Room settings", async ({
    userPage: page,
    user,
    request,
  }) => {
    const ownerToken = await loginToken(request, await createUser(request, 'owner'));
    const name = `Back office ${Date.now()}`;
    const created = await request.post(`${API_URL}chatrooms`, {
      data: { name, description: 'Not for the admin', max_members: 10, private: true },
      headers: bearer(ownerToken),
    });
    const room = (await created.json()) as Room;
    await makeAdmin(request, user);

    await page.goto('/');
    await page.getByRole('link', { name: 'All rooms' }).click();
    await expect(page).toHaveURL(/[?&]view=all-rooms/);
    await expect(page.getByRole('heading', { name: 'All rooms' })).toBeVisible();
    const row = page.getByRole('list', { name: 'All rooms' }).getByRole('listitem', { name, exact: true });
    await expect(row.getByRole('img', { name: 'Private' })).toBeVisible();
    await expect(row.getByLabel('1 of 10 members')).toBeVisible();

    await row.getByRole('button', { name: 'Room settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Room settings' });
    const renamed = `${name} (renamed)`;
    await settings.getByLabel('Name').fill(renamed);
    await settings.getByRole('button', { name: 'Save' }).click();
    // The list reads the rooms again: the row goes by its new name.
    await expect(
      page.getByRole('list', { name: 'All rooms' }).getByRole('listitem', { name: renamed, exact: true }),
    ).toBeVisible();
    expect((await getRoom(request, ownerToken, room.id)).name).toBe(renamed);

    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Room Lists' }).click();
    await expect(page.getByRole('button', { name: 'Create Room' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All rooms' })).toHaveCount(0);
  });

  test("an administrator in someone else's public room has its Room settings in the header; a member has none", async ({
    userPage: page,
    user,
    request,
    token,
  }) => {
    const ownerToken = await loginToken(request, await createUser(request, 'owner'));
    const room = await createRoom(request, ownerToken, { name: `Open office ${Date.now()}` });
    await joinRoom(request, token, room.id);
    await page.goto(`/?room=${room.id}`);
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave Room' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Room settings' })).toHaveCount(0);

    await makeAdmin(request, user);
    await page.reload();
    await page.getByRole('button', { name: 'Room settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Room settings' });
    await expect(settings.getByRole('button', { name: 'Archive room' })).toBeVisible();
  });

  test('anyone else is offered no All rooms, and its address shows them the room list', async ({
    userPage: page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Create Room' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All rooms' })).toHaveCount(0);
    await page.goto('/?view=all-rooms');
    await expect(page.getByRole('button', { name: 'Create Room' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All rooms' })).toHaveCount(0);
  });
});
