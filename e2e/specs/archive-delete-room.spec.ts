import { API_URL, bearer, createRoom, postMessage } from '../support/api';
import { feed } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

const roomRow = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('list', { name: 'Rooms' }).getByRole('listitem').filter({ hasText: name });

test.describe("an owner's archive and delete", () => {
  test('archiving makes the room read-only for everyone, live; unarchiving gives the bar back', async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const member = await secondMember(browser, request, room.id);
    await postMessage(request, member.token, room.id, 'before the archive');
    await member.page.goto(`/?room=${room.id}`);
    await expect(feed(member.page).getByText('before the archive')).toBeVisible();
    await expect(member.page.getByPlaceholder('Message...')).toBeVisible();

    await page.goto(`/?room=${room.id}`);
    await page.getByRole('button', { name: 'Room settings' }).click();
    await page
      .getByRole('dialog', { name: 'Room settings' })
      .getByRole('button', { name: 'Archive room' })
      .click();
    await expect(member.page.getByText('This room is archived.')).toBeVisible();
    await expect(member.page.getByPlaceholder('Message...')).toHaveCount(0);
    const refused = await request.post(`${API_URL}chatrooms/${room.id}/messages`, {
      data: { content: 'after' },
      headers: bearer(member.token),
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This room is archived.' });
    await member.page.goto('/');
    await expect(roomRow(member.page, room.name).getByText('Archived')).toBeVisible();

    await page
      .getByRole('dialog', { name: 'Room settings' })
      .getByRole('button', { name: 'Unarchive room' })
      .click();
    await member.page.goto(`/?room=${room.id}`);
    await expect(member.page.getByPlaceholder('Message...')).toBeVisible();
    await member.context.close();
  });

  test('deleting the room sends whoever has it open back to the list with the reason, and it is gone for everyone', async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const member = await secondMember(browser, request, room.id);
    const watcher = await secondMember(browser, request);
    await postMessage(request, member.token, room.id, 'soon gone');
    await member.page.goto(`/?room=${room.id}`);
    await expect(feed(member.page).getByText('soon gone')).toBeVisible();
    await watcher.page.goto('/');
    await expect(roomRow(watcher.page, room.name)).toBeVisible();

    await page.goto(`/?room=${room.id}`);
    await page.getByRole('button', { name: 'Room settings' }).click();
    await page
      .getByRole('dialog', { name: 'Room settings' })
      .getByRole('button', { name: 'Delete room' })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: room.name })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();

    await expect(member.page.getByText('This room was deleted.')).toBeVisible();
    await expect(member.page.getByText('Room Lists')).toBeVisible();
    await expect(roomRow(member.page, room.name)).toHaveCount(0);
    await expect(roomRow(watcher.page, room.name)).toHaveCount(0);
    await expect(page.getByText('Room Lists')).toBeVisible();
    const gone = await request.get(`${API_URL}chatrooms/${room.id}`, { headers: bearer(token) });
    expect(gone.status()).toBe(404);
    await member.context.close();
    await watcher.context.close();
  });

  test("the owner may delete anyone's message; a member only their own", async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    const member = await secondMember(browser, request, room.id);
    await postMessage(request, member.token, room.id, 'spam spam spam');
    await postMessage(request, token, room.id, "the owner's own");
    await member.page.goto(`/?room=${room.id}`);
    const ownersRow = feed(member.page).getByRole('article').filter({ hasText: "the owner's own" });
    await ownersRow.hover();
    await expect(ownersRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.goto(`/?room=${room.id}`);
    const spam = feed(page).getByRole('article').filter({ hasText: 'spam spam spam' });
    await spam.hover();
    await spam.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this message?' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(feed(member.page).getByText('spam spam spam')).toHaveCount(0);
    await member.context.close();
  });
});
