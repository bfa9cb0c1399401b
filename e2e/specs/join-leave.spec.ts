import { routes } from '@chat/shared/constants';
import type { Room } from '@chat/shared/schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import { createRoom, createUser, getRoom, joinRoom, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { documentIsMarked, markDocument } from '../support/page-marks';

/** A room made by someone else, so the signed-in test user starts outside it. */
async function othersRoom(request: APIRequestContext, maxMembers = 100) {
  const ownerToken = await loginToken(request, await createUser(request, 'owner'));
  return createRoom(request, ownerToken, { max_members: maxMembers });
}

/** Fills a room of two: its owner and one more member. */
async function fillRoom(request: APIRequestContext, room: Room) {
  await joinRoom(request, await loginToken(request, await createUser(request, 'member')), room.id);
}

const rowOf = (page: Page, room: Room) => page.getByRole('listitem').filter({ hasText: room.name });
const joinFailure = (page: Page) => page.getByRole('alert').filter({ hasText: 'Could not join the room' });

test.describe('joining and leaving', () => {
  test('joins a room from the list and leaves it back to the list', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await othersRoom(request);
    await page.goto('/');

    await rowOf(page, room).getByRole('button', { name: 'Join' }).click();

    await expect(page).toHaveURL(routes.room(room.id));
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Room' })).toBeHidden();
    await expect.poll(async () => (await getRoom(request, token, room.id)).is_member).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Leave Room' }).click();

    await expect(page).toHaveURL(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();
    await expect.poll(async () => (await getRoom(request, token, room.id)).is_member).toBe(false);
  });

  test('titles the room before the join answers, from the list and from a direct link', async ({
    userPage: page,
    request,
  }) => {
    const room = await othersRoom(request);
    const title = page.getByRole('heading', { name: `Chat Room: ${room.name}` });
    // Every join waits until the test lets it through: the title must not.
    let letJoinThrough = () => {};
    await page.route(`**/chatrooms/${room.id}/join`, async (route) => {
      await new Promise<void>((resolve) => {
        letJoinThrough = resolve;
      });
      await route.continue();
    });

    const joiningShowsTheTitle = async () => {
      await expect(title).toBeVisible();
      await expect(page.getByText('Joining the room…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Leave Room' })).toBeDisabled();
      const box = await title.boundingBox();
      letJoinThrough();
      await expect(page.getByLabel('Messages', { exact: true })).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('button', { name: 'Leave Room' })).toBeEnabled();
      // The join's answer moves nothing: the title is where it painted.
      expect(await title.boundingBox()).toEqual(box);
    };

    await page.goto('/');
    await rowOf(page, room).getByRole('button', { name: 'Join' }).click();
    await joiningShowsTheTitle();
    await page.reload();
    await joiningShowsTheTitle();
  });

  test('shows a full room as full and offers no Join', async ({ userPage: page, request }) => {
    const room = await othersRoom(request, 2);
    await fillRoom(request, room);
    await page.goto('/');

    const row = rowOf(page, room);
    await expect(row).toContainText('2/2');
    await expect(row.getByText('Full', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Join' })).toBeDisabled();
  });

  test('a room that filled up meanwhile refuses the user, who still sees why after the reload', async ({
    userPage: page,
    request,
  }) => {
    const room = await othersRoom(request, 2);
    // A list that has not heard yet (the live list would disable Join once RoomUpdated arrives): no socket.
    await page.routeWebSocket(/\/app\//, () => {});
    await page.goto('/');
    const join = rowOf(page, room).getByRole('button', { name: 'Join' });
    await expect(join).toBeEnabled();
    await fillRoom(request, room);
    await markDocument(page);

    await join.click();

    await expect(joinFailure(page)).toContainText('This room is full.');
    await expect(page).toHaveURL(routes.home);
    expect(await documentIsMarked(page)).toBe(false);
    await expect(page.getByText('Room Lists')).toBeVisible();
  });

  test('a shared link to a full room lands on the list with the reason', async ({
    userPage: page,
    request,
  }) => {
    const room = await othersRoom(request, 2);
    await fillRoom(request, room);

    await page.goto(routes.room(room.id));

    await expect(joinFailure(page)).toContainText('This room is full.');
    await expect(page).toHaveURL(routes.home);
  });
});
