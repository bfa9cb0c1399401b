import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { APP_URL, createRoom, createUser, getRoom, joinRoom, loginToken, postMessage } from '../support/api';
import { rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { origin, productionStack } from '../support/stack';
import {
  entry,
  markWindow,
  recordJoins,
  scrollsSideways,
  windowMarked,
  yourRooms,
} from '../support/your-rooms';

test.use({ baseURL: APP_URL });

const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (element) => `${element.tagName}.${element.className} right=${element.getBoundingClientRect().right}`,
      );
    return `scrollWidth ${document.documentElement.scrollWidth} > clientWidth ${width}: ${out.join(' | ')}`;
  });

/** The bench's monolith run (bench/e2e.config.ts) has no remotes: no other origin to watch. */
const federated = process.env.E2E_DEPLOYMENT !== 'monolith';

const heading = (page: Page, name: string) => page.getByRole('heading', { name: `Chat Room: ${name}` });
const messageField = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test.describe("'Your rooms'", () => {
  test('lists only your rooms, switches in place without a join or a page load, keeps drafts, back/forward move between rooms, badges are live', async ({
    userPage: page,
    user,
    request,
    token,
  }) => {
    const alpha = await createRoom(request, token, { name: `Alpha ${Date.now()}` });
    const beta = await createRoom(request, token, { name: `Beta ${Date.now()}` });
    const bobToken = await loginToken(request, await createUser(request, 'bob'));
    const notMine = await createRoom(request, bobToken, { name: `Not mine ${Date.now()}` });
    await joinRoom(request, bobToken, alpha.id);
    const joins = recordJoins(page);

    await page.goto(routes.home);
    const panel = yourRooms(page);
    await expect(panel.getByRole('heading', { name: 'Rooms', exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Direct messages' })).toBeVisible();
    await expect(entry(page, alpha.name)).toHaveAttribute('href', routes.room(alpha.id));
    await expect(entry(page, beta.name)).toHaveAttribute('href', routes.room(beta.id));
    await expect(entry(page, notMine.name)).toHaveCount(0);
    await expect(panel.locator('a[aria-current]')).toHaveCount(0);
    await markWindow(page);

    await entry(page, alpha.name).click();
    await expect(heading(page, alpha.name)).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}${routes.room(alpha.id)}`);
    await expect(entry(page, alpha.name)).toHaveAttribute('aria-current', 'page');
    await expect(entry(page, beta.name)).not.toHaveAttribute('aria-current', /.*/);
    // Desktop: the panel stands beside the open room.
    const panelBox = await panel.boundingBox();
    const headingBox = await heading(page, alpha.name).boundingBox();
    expect(panelBox && headingBox && panelBox.x + panelBox.width <= headingBox.x).toBe(true);
    await messageField(page).fill('half-written in alpha');

    await entry(page, beta.name).click();
    await expect(heading(page, beta.name)).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}${routes.room(beta.id)}`);
    await expect(entry(page, beta.name)).toHaveAttribute('aria-current', 'page');
    await expect(messageField(page)).toHaveValue('');
    await messageField(page).fill('beta draft');

    // Bob writes in Alpha, which is not open: its badges count live.
    await postMessage(request, bobToken, alpha.id, `@${user.username} one`);
    await postMessage(request, bobToken, alpha.id, `@${user.username} two`);
    await expect(entry(page, alpha.name).getByRole('img', { name: '2 unread' })).toBeVisible();
    await expect(entry(page, alpha.name).getByRole('img', { name: '2 mentions' })).toBeVisible();
    await expect(entry(page, alpha.name)).toHaveAccessibleName(
      new RegExp(`^${alpha.name}.*2 unread.*2 mentions`),
    );
    await expect(entry(page, beta.name).getByRole('img')).toHaveCount(0);

    await page.goBack();
    await expect(heading(page, alpha.name)).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}${routes.room(alpha.id)}`);
    await expect(messageField(page)).toHaveValue('half-written in alpha');
    await expect(rowsSaying(page, `@${user.username} two`)).toBeVisible();
    await expect(entry(page, alpha.name).getByRole('img')).toHaveCount(0);

    await page.goForward();
    await expect(heading(page, beta.name)).toBeVisible();
    await expect(messageField(page)).toHaveValue('beta draft');

    await entry(page, alpha.name).click();
    await expect(heading(page, alpha.name)).toBeVisible();
    await expect(messageField(page)).toHaveValue('half-written in alpha');
    expect(await windowMarked(page)).toBe(true);
    expect(joins).toEqual([]);

    // Drafts are kept across a reload too.
    await page.reload();
    await expect(heading(page, alpha.name)).toBeVisible();
    await expect(messageField(page)).toHaveValue('half-written in alpha');
    await entry(page, beta.name).click();
    await expect(heading(page, beta.name)).toBeVisible();
    await expect(messageField(page)).toHaveValue('beta draft');
    expect(joins).toEqual([]);
  });

  test('on a phone: above the room list, hidden in an open room, and Back to rooms returns without leaving', async ({
    userPage: page,
    request,
    token,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const room = await createRoom(request, token, { name: `Pocket ${Date.now()}` });
    const joins = recordJoins(page);

    await page.goto(routes.home);
    const panel = yourRooms(page);
    await expect(entry(page, room.name)).toBeVisible();
    const roomLists = page.getByText('Room Lists');
    await expect(roomLists).toBeVisible();
    const panelBox = await panel.boundingBox();
    const listBox = await roomLists.boundingBox();
    expect(panelBox && listBox && panelBox.y + panelBox.height <= listBox.y).toBe(true);
    expect(await scrollsSideways(page), await overflowing(page)).toBe(false);
    await markWindow(page);

    await entry(page, room.name).click();
    await expect(heading(page, room.name)).toBeVisible();
    await expect(panel).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Back to rooms' }).click();
    await expect(page).toHaveURL(`${APP_URL}${routes.home}`);
    await expect(roomLists).toBeVisible();
    await expect(entry(page, room.name)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect((await getRoom(request, token, room.id)).is_member).toBe(true);
    expect(await windowMarked(page)).toBe(true);
    expect(joins).toEqual([]);
  });

  test("on a phone, a room opened by its address asks nothing of 'Your rooms', which it does not show", async ({
    userPage: page,
    request,
    token,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const room = await createRoom(request, token, { name: `Alone ${Date.now()}` });
    const roomsRemote = origin(productionStack['rooms-remote']);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(roomsRemote) && request.resourceType() === 'script')
        asked.push(request.url());
    });

    // Its scripts would only compete with the room's own on a phone's network.
    await page.goto(routes.room(room.id));
    await expect(heading(page, room.name)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    // Back at the room list, the panel comes with it.
    await page.getByRole('button', { name: 'Back to rooms' }).click();
    await expect(entry(page, room.name)).toBeVisible();
    if (federated) expect(asked).not.toEqual([]);
  });
});
