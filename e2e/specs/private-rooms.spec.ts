import { API_URL, bearer, createRoom, createUser, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';
import { entry, yourRooms } from '../support/your-rooms';

const roomRow = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: name });

test.describe('private rooms and owners', () => {
  test('a room made private with the switch is its members alone: an invitation brings someone in live, outsiders see nothing', async ({
    userPage: page,
    browser,
    request,
  }) => {
    const name = `Hush ${Date.now()}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Room' }).click();
    const create = page.getByRole('dialog', { name: 'Create Room' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Description').fill('Only for the invited');
    const privateSwitch = create.getByRole('switch', { name: 'Private' });
    await expect(privateSwitch).not.toBeChecked();
    await privateSwitch.click();
    await expect(privateSwitch).toBeChecked();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(roomRow(page, name).getByRole('img', { name: 'Private' })).toBeVisible();
    await expect(entry(page, name).getByRole('img', { name: 'Private' })).toBeVisible();

    const invitee = await secondMember(browser, request);
    const outsider = await secondMember(browser, request);
    for (const other of [invitee, outsider]) {
      await other.page.goto('/');
      await expect(other.page.getByText('Room Lists')).toBeVisible();
      await expect(roomRow(other.page, name)).toHaveCount(0);
    }

    await roomRow(page, name).getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('heading', { name: `Chat Room: ${name}` })).toBeVisible();
    const roomId = Number(new URL(page.url()).searchParams.get('room'));
    await page.getByRole('button', { name: 'Room settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Room settings' });
    await settings.getByRole('combobox', { name: 'Invite people' }).fill(invitee.credentials.username);
    await settings.getByRole('option', { name: invitee.credentials.username }).click();
    await settings.getByRole('button', { name: 'Invite' }).click();

    // The invited person sees it at once, in the list and in 'Your rooms', without a reload.
    await expect(roomRow(invitee.page, name).getByRole('img', { name: 'Private' })).toBeVisible();
    await expect(entry(invitee.page, name)).toBeVisible();
    // Nobody else: not listed, and every endpoint of it is 404 to them.
    await expect(roomRow(outsider.page, name)).toHaveCount(0);
    await expect(yourRooms(outsider.page).getByText(name)).toHaveCount(0);
    const outsiderToken = await loginToken(request, await createUser(request, 'outsider'));
    for (const path of [
      `chatrooms/${roomId}`,
      `chatrooms/${roomId}/messages`,
      `chatrooms/${roomId}/members`,
    ]) {
      const answer = await request.get(`${API_URL}${path}`, { headers: bearer(outsiderToken) });
      expect(answer.status(), path).toBe(404);
    }
    const join = await request.post(`${API_URL}chatrooms/${roomId}/join`, { headers: bearer(outsiderToken) });
    expect(join.status()).toBe(404);
    await invitee.context.close();
    await outsider.context.close();
  });

  test("the owner renames the room and every member's heading follows; a removed member's tab closes with the reason", async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const member = await secondMember(browser, request, room.id);
    await member.page.goto(`/?room=${room.id}`);
    await expect(member.page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
    // A member is offered no settings.
    await expect(member.page.getByRole('button', { name: 'Leave Room' })).toBeEnabled();
    await expect(member.page.getByRole('button', { name: 'Room settings' })).toHaveCount(0);

    await page.goto(`/?room=${room.id}`);
    await page.getByRole('button', { name: 'Room settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Room settings' });
    const renamed = `${room.name} (renamed)`;
    await settings.getByLabel('Name').fill(renamed);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: `Chat Room: ${renamed}` })).toBeVisible();
    await expect(member.page.getByRole('heading', { name: `Chat Room: ${renamed}` })).toBeVisible();

    const row = settings.getByRole('listitem').filter({ hasText: member.credentials.username });
    await row.getByRole('button', { name: 'Remove from room' }).click();
    await expect(member.page.getByText(`You were removed from ${renamed}.`)).toBeVisible();
    await expect(member.page.getByText('Room Lists')).toBeVisible();
    const again = await request.post(`${API_URL}chatrooms/${room.id}/join`, {
      headers: bearer(member.token),
    });
    expect(again.status()).toBe(403);
    expect(await again.json()).toEqual({ message: 'You were removed from this room.' });
    await member.context.close();
  });

  test('leaving a private room asks first; the owner of a room with others is told to hand it on', async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const response = await request.post(`${API_URL}chatrooms`, {
      data: { name: `Quiet ${Date.now()}`, description: 'private', max_members: 10, private: true },
      headers: bearer(token),
    });
    const room = (await response.json()) as { id: number; name: string };
    const member = await secondMember(browser, request);
    const invited = await request.post(`${API_URL}chatrooms/${room.id}/members`, {
      data: { username: member.credentials.username },
      headers: bearer(token),
    });
    expect(invited.status()).toBe(201);

    await page.goto(`/?room=${room.id}`);
    await page.getByRole('button', { name: 'Leave Room' }).click();
    const confirm = page.getByRole('dialog').filter({
      hasText: 'Leave this private room? You will need a new invitation to come back.',
    });
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByText('Make another member owner before you leave.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();

    await member.page.goto(`/?room=${room.id}`);
    await member.page.getByRole('button', { name: 'Leave Room' }).click();
    await member.page
      .getByRole('dialog')
      .filter({ hasText: 'Leave this private room? You will need a new invitation to come back.' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(member.page.getByText('Room Lists')).toBeVisible();
    await expect(roomRow(member.page, room.name)).toHaveCount(0);
    await member.context.close();
  });
});
