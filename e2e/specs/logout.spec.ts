import { ACCESS_TOKEN_COOKIE, routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { API_URL, bearer } from '../support/api';
import { expect, test } from '../support/fixtures';
import { documentIsMarked, markDocument } from '../support/page-marks';

const accessCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE);

async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: username, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
}

test.describe('log out', () => {
  test('revokes the token, removes the cookie and loads the login screen', async ({
    userPage: page,
    user,
    token,
    request,
  }) => {
    await page.goto(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();
    await markDocument(page);

    await logOut(page, user.username);

    await expect(page).toHaveURL(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(await documentIsMarked(page)).toBe(false);
    expect(await accessCookie(page)).toBeUndefined();
    expect((await request.get(`${API_URL}me`, { headers: bearer(token) })).status()).toBe(401);

    // The ended session stays ended: home sends the visitor back to sign in.
    await page.goto(routes.home);
    await expect(page).toHaveURL(routes.login);
  });

  test('still signs out in this browser when the logout call cannot reach the server', async ({
    userPage: page,
    user,
    token,
    request,
  }) => {
    await page.route('**/auth/logout', (route) => route.abort('internetdisconnected'));
    await page.goto(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();

    await logOut(page, user.username);

    await expect(page).toHaveURL(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(await accessCookie(page)).toBeUndefined();
    // Nothing reached the server, so the token itself is still alive there.
    expect((await request.get(`${API_URL}me`, { headers: bearer(token) })).status()).toBe(200);
  });
});
