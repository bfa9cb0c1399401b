import { routes } from '@chat/shared/constants';
import { FIRST_SCREEN_PAINTED_EVENT } from '@chat/shared/first-screen';
import type { Page } from '@playwright/test';
import { API_URL, createRoom, createUser, joinRoom, loginToken, postMessage } from '../support/api';
import {
  apiRequests,
  DATA_BLOCK,
  drawingShell,
  inlineScripts,
  inSignedInPage,
  isDrawn,
  layoutShift,
  pageFor,
  untilDrawn,
  VIEWPORTS,
} from '../support/first-screen';
import { expect, test } from '../support/fixtures';

// The shell's server draws the room list and 'Your rooms' with the rooms remote's server build
// (DRAW_FIRST_SCREEN=1, shell/server/first-screen): a shell of its own beside the stack.
const shellUrl = drawingShell();

const listPage = () => `${shellUrl()}${routes.home}`;
const rowOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

test.describe('the room list drawn by the shell’s server', () => {
  /** A room of someone else's that `token`'s user is in, with three messages they have not read. */
  async function unreadRoom(request: Parameters<typeof createRoom>[0], token: string) {
    const owner = await loginToken(request, await createUser(request));
    const room = await createRoom(request, owner, { name: `Drawn list ${Date.now() % 100_000}` });
    await joinRoom(request, token, room.id);
    for (const content of ['one', 'two', 'three']) await postMessage(request, owner, room.id, content);
    return room;
  }

  test('is on the page before any script runs: the rooms with their badges and Your rooms, private to this user', async ({
    browser,
    request,
    token,
  }) => {
    const room = await unreadRoom(request, token);
    await untilDrawn(request, listPage(), token);
    const { headers, html } = await pageFor(request, listPage(), token);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(inlineScripts(html)).toEqual([DATA_BLOCK]);

    await inSignedInPage(
      browser,
      token,
      {
        javaScriptEnabled: false,
        viewport: { width: 375, height: 667 },
      },
      async (page) => {
        await page.goto(listPage());
        await expect(page.getByText('Room Lists')).toBeVisible();
        const row = rowOf(page, room.name);
        await expect(row.getByText('Joined')).toBeVisible();
        await expect(row.getByRole('img', { name: '3 unread' })).toHaveText('3');
        await expect(
          page.getByRole('navigation', { name: 'Your rooms' }).getByRole('link', { name: room.name }),
        ).toBeVisible();
      },
    );
  });

  for (const viewport of VIEWPORTS)
    test(`then the list takes over in place, without asking who is signed in, and Join works (${viewport.width}×${viewport.height})`, async ({
      browser,
      request,
      token,
    }) => {
      const room = await unreadRoom(request, token);
      await untilDrawn(request, listPage(), token);
      await inSignedInPage(browser, token, { viewport }, async (page) => {
        const asked = apiRequests(page, API_URL);
        await page.goto(listPage());
        await expect(page.locator('#first-screen')).toHaveCount(0);
        await expect(rowOf(page, room.name).getByRole('img', { name: '3 unread' })).toBeVisible();
        const shift = await layoutShift(page);
        expect(shift.score, `moved: ${shift.moved.join('; ')}`).toBe(0);
        // The session came with the page; the list's answers too (what it reads later is its live catch-up).
        expect(asked).not.toContain('GET me');

        await rowOf(page, room.name).getByRole('button', { name: 'Join' }).click();
        await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
        await expect(page.getByRole('feed', { name: 'Messages' }).getByText('three')).toBeVisible();
      });
    });

  test('a click on the drawing is the app’s: the drawn Create Room opens the real dialog', async ({
    userPage: page,
    request,
    token,
  }) => {
    await untilDrawn(request, listPage(), token);
    // The list never says it has painted, so the drawing stays over the app however fast the app is.
    await page.addInitScript((painted) => {
      document.addEventListener(painted, (event) => event.stopImmediatePropagation(), true);
    }, FIRST_SCREEN_PAINTED_EVENT);
    await page.goto(listPage());
    // The app has rendered beneath the drawing (hidden until the hand-over).
    await expect(page.locator('#root').getByText('Create Room')).toBeAttached();
    await expect(page.locator('#first-screen')).toBeVisible();

    await page.locator('#first-screen').getByRole('button', { name: 'Create Room' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Room' })).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
  });

  test('draws nothing for an ended session, nor for a direct message (the browser draws those)', async ({
    request,
    token,
  }) => {
    await untilDrawn(request, listPage(), token);
    expect(isDrawn((await pageFor(request, `${shellUrl()}${routes.directMessage(1)}`, token)).html)).toBe(
      false,
    );
    await request.post(`${API_URL}auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
    const ended = await pageFor(request, listPage(), token);
    expect(isDrawn(ended.html)).toBe(false);
    expect(ended.html).not.toContain('Room Lists');
  });
});
