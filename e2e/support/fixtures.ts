import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { signInBrowser } from '../../scripts/lib/sign-in-browser';
import { APP_URL, type Credentials, createUser, loginToken } from './api';

/** Signs a browser context in the way the login screen does: the token in the access-token cookie. */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await signInBrowser(context, APP_URL, token);
}

interface Fixtures {
  /** A new user, unique to the test. */
  user: Credentials;
  token: string;
  /** A page already signed in as `user`. */
  userPage: Page;
}

export const test = base.extend<Fixtures>({
  user: async ({ request }, use) => use(await createUser(request)),
  token: async ({ request, user }, use) => use(await loginToken(request, user)),
  userPage: async ({ context, page, token }, use) => {
    await signIn(context, token);
    await use(page);
  },
});

export { expect } from '@playwright/test';
