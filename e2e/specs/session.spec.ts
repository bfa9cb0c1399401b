import { ACCESS_TOKEN_COOKIE, routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { API_URL, APP_URL, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * How a session starts and ends, each flow 50 times over in one page (a reload, as a user does it, with the
 * browser's cache warm): a session that ends on the wrong route one time in four passes a single run.
 * SESSION_REPEAT changes the count.
 */
const REPEAT = Number(process.env.SESSION_REPEAT ?? 50);

/** Runs `flow` REPEAT times and reports how many ended as expected, so a failure says how often. */
async function repeat(flow: (attempt: number) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= REPEAT; attempt++) {
    try {
      await flow(attempt);
    } catch (error) {
      failures.push(`#${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    }
  }
  console.log(`${test.info().title}: ${REPEAT - failures.length} of ${REPEAT}`);
  expect(failures, `${failures.length} of ${REPEAT} attempts failed`).toEqual([]);
}

/** Every address the page's main frame showed, in order, and every document it loaded. */
function addressesOf(page: Page) {
  const shown: string[] = [];
  const loaded: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(new URL(frame.url()).pathname);
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      loaded.push(new URL(request.url()).pathname);
  });
  return { shown, loaded };
}

const accessCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE);

/** Nothing moves the page once every call has answered: the address it shows now is where it stays. */
async function expectSettledOn(page: Page, { shown }: { shown: string[] }, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname, shown.join(' → ')).toBe(path);
  expect(shown.at(-1), shown.join(' → ')).toBe(path);
}

/** Reloads `/` with a token the server no longer accepts: the session ends on /auth/login, once. */
async function reloadWithDeadToken(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: APP_URL }]);
  const addresses = addressesOf(page);
  await page.goto(routes.home);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expectSettledOn(page, addresses, routes.login);
  // One document of the login screen: the session left for it once, and nothing reloaded it.
  expect(addresses.loaded, addresses.loaded.join(' → ')).toEqual([routes.home, routes.login]);
  expect(await accessCookie(page)).toBeUndefined();
  page.removeAllListeners('framenavigated');
  page.removeAllListeners('request');
}

test.describe('session', () => {
  test('a dead token on reload lands on /auth/login, once, with the cookie gone', async ({ page }) => {
    test.setTimeout(REPEAT * 10_000);
    await repeat(() => reloadWithDeadToken(page, '0|not-a-valid-token'));
  });

  test('an expired token on reload lands on /auth/login, once, with the cookie gone', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(REPEAT * 10_000);
    await repeat(async () => {
      const token = await loginToken(request, user);
      const expired = await request.post(`${API_URL}testing/tokens/expire`, { data: { token } });
      expect(expired.status()).toBe(204);
      await reloadWithDeadToken(page, token);
    });
  });

  test('Log out lands on /auth/login, once, with the cookie gone and the token revoked', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(REPEAT * 10_000);
    await repeat(async () => {
      const token = await loginToken(request, user);
      await page.context().addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: APP_URL }]);
      await page.goto(routes.home);
      await expect(page.getByText('Room Lists')).toBeVisible();
      const addresses = addressesOf(page);
      await page.getByRole('button', { name: user.username, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await expectSettledOn(page, addresses, routes.login);
      expect(addresses.loaded, addresses.loaded.join(' → ')).toEqual([routes.login]);
      expect(await accessCookie(page)).toBeUndefined();
      const me = await request.get(`${API_URL}me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
      page.removeAllListeners('framenavigated');
      page.removeAllListeners('request');
    });
  });

  test('signing in from /auth/login lands on the room list', async ({ page, user }) => {
    test.setTimeout(REPEAT * 10_000);
    await repeat(async () => {
      await page.context().clearCookies();
      await page.goto(routes.login);
      const addresses = addressesOf(page);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Room Lists')).toBeVisible();
      await expectSettledOn(page, addresses, routes.home);
      expect((await accessCookie(page))?.value).toBeTruthy();
      page.removeAllListeners('framenavigated');
      page.removeAllListeners('request');
    });
  });
});
