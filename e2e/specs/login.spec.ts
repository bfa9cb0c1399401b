import { ACCESS_TOKEN_COOKIE, routes } from '@chat/shared/constants';
import { demoUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { documentIsMarked, markDocument } from '../support/page-marks';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  test('signs in with the prefilled demo account and loads the home page in full', async ({ page }) => {
    await expect(page.getByLabel('Username')).toHaveValue(demoUser.username);
    await expect(page.getByLabel('Password')).toHaveValue(demoUser.password);
    await markDocument(page);

    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();
    expect(await documentIsMarked(page)).toBe(false);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE)?.value).toBeTruthy();
  });

  test('requires both fields, on submit', async ({ page }) => {
    await page.getByLabel('Username').fill('');
    await page.getByLabel('Password').fill('');
    await expect(page.getByText('Username is required')).toBeHidden();

    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(routes.login);
  });

  test("a wrong password shows the server's message and keeps what was typed", async ({ page, user }) => {
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await markDocument(page);

    await page.getByLabel('Password').press('Enter');

    await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(BAD_CREDENTIALS);
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByLabel('Password')).toHaveValue('not-the-password');
    await expect(page).toHaveURL(routes.login);
    expect(await documentIsMarked(page)).toBe(true);
  });
});
