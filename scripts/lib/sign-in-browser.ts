import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';

/** What signing in needs of a Playwright browser context. */
interface CookieJar {
  addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void>;
}

/** Signs a browser context in the way the login screen does: the token in the access-token cookie of `origin`. */
export async function signInBrowser(context: CookieJar, origin: string, token: string): Promise<void> {
  await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: origin }]);
}
