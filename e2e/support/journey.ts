import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import type { APIRequestContext, Browser, ConsoleMessage, Page, Response } from '@playwright/test';
import { APP_URL, type Credentials, createUser, loginToken } from './api';
import { rowsSaying, send } from './chat';
import { expectDrawnByTheme } from './drawn-by-theme';
import { expect, signIn, test } from './fixtures';

interface Watched {
  /** What breaks a page without failing a locator: uncaught errors. */
  broken: string[];
  /** What the page's CSP refused: a build older than the shell's server may do what it now forbids. */
  cspRefusals: string[];
  /** Every origin a script was loaded from. */
  scriptOrigins: Set<string>;
}

/** Watches `page` into `watched` until the returned function is called. */
function watch(page: Page, watched: Watched): () => void {
  const onError = (error: Error) => watched.broken.push(`page error: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      watched.cspRefusals.push(message.text().split(' violates ')[0] ?? message.text());
  };
  const onResponse = (response: Response) => {
    if (response.ok() && response.request().resourceType() === 'script')
      watched.scriptOrigins.add(new URL(response.url()).origin);
  };
  page.on('pageerror', onError).on('console', onConsole).on('response', onResponse);
  return () => page.off('pageerror', onError).off('console', onConsole).off('response', onResponse);
}

/**
 * Reported, not failed: the main e2e run holds today's builds to a CSP-clean flow; here an older build may
 * lose something cosmetic under today's policy (release-1's Create Room textarea sized itself with a style
 * attribute), which the table shows beside a pass.
 */
function reportCspRefusals(refusals: string[]): void {
  const counts = new Map<string, number>();
  for (const refusal of refusals) counts.set(refusal, (counts.get(refusal) ?? 0) + 1);
  for (const [refusal, count] of counts)
    test.info().annotations.push({ type: 'csp', description: `CSP refused "${refusal}" ×${count}` });
}

async function openFromList(page: Page, roomName: string): Promise<void> {
  await page
    .getByRole('listitem')
    .filter({ hasText: roomName })
    .getByRole('button', { name: 'Join' })
    .click();
  await expect(page.getByRole('heading', { name: `Chat Room: ${roomName}` })).toBeVisible();
  // Loaded, and empty: the room is new and nobody has written yet.
  await expect(page.getByText('No messages yet')).toBeVisible();
}

export interface JourneyOptions {
  /**
   * The two people, as accounts that already exist (a deployment's, which has no test endpoints). By default
   * two new users, made through the API's test endpoints.
   */
  users?: readonly [Credentials, Credentials];
  /** The room the first creates; by default `Skew <random>`. It must be new: the journey expects it empty. */
  roomName?: string;
  /** Its description, saying who made it. */
  roomDescription?: string;
  /** The second person's token, when the caller signed them in itself (to sign it out afterwards). */
  secondToken?: string;
}

/**
 * The flows that cross every remote, as two people do them on the shell at APP_URL: sign in through the
 * login form (auth), the room list and Create Room (rooms), joining from the list, messages both ways live
 * and Leave Room (chat). `page` (the test's, traced) is the first, signed out first; the second gets a
 * browser context of its own, signed in through the API. Fails on any uncaught error on either page as well.
 * Returns the origins the pages ran scripts from, to tell which deployment of a remote served them.
 */
export async function chatJourney(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  options: JourneyOptions = {},
): Promise<Set<string>> {
  const [alice, bob] = options.users ?? [
    await createUser(request, 'alice'),
    await createUser(request, 'bob'),
  ];
  const roomName = options.roomName ?? `Skew ${randomUUID().slice(0, 8)}`;
  await page.context().clearCookies();
  const bobContext = await browser.newContext({ baseURL: APP_URL });
  await signIn(bobContext, options.secondToken ?? (await loginToken(request, bob)));
  const bobPage = await bobContext.newPage();
  const watched: Watched = { broken: [], cspRefusals: [], scriptOrigins: new Set() };
  const unwatch = watch(page, watched);
  watch(bobPage, watched);
  try {
    await test.step('sign in through the login form', async () => {
      await page.goto(routes.login);
      // Each screen looks as the theme says, whichever release drew it (the shell's stylesheet covers it).
      await expectDrawnByTheme(page);
      await page.getByLabel('Username').fill(alice.username);
      await page.getByLabel('Password').fill(alice.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(routes.home);
      await expect(page.getByText('Room Lists')).toBeVisible();
      await expectDrawnByTheme(page);
    });

    await test.step('create a room from the list', async () => {
      await page.getByRole('button', { name: 'Create Room' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Room' });
      await dialog.getByLabel('Name').fill(roomName);
      await dialog.getByLabel('Description').fill(options.roomDescription ?? 'Made by the skew journey');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('listitem').filter({ hasText: roomName })).toBeVisible();
    });

    await test.step('both join it from the list', async () => {
      await openFromList(page, roomName);
      await bobPage.goto(routes.home);
      await openFromList(bobPage, roomName);
      await expectDrawnByTheme(page);
    });

    await test.step('messages arrive live, each once', async () => {
      await send(page, 'Hello from Alice');
      await expect(rowsSaying(bobPage, 'Hello from Alice')).toHaveCount(1);
      await send(bobPage, 'Hi Alice');
      await expect(rowsSaying(page, 'Hi Alice')).toHaveCount(1);
      await expect(rowsSaying(page, 'Hello from Alice')).toHaveCount(1);
    });

    await test.step('leave the room back to the list', async () => {
      await bobPage.getByRole('button', { name: 'Leave Room' }).click();
      await expect(bobPage).toHaveURL(routes.home);
      await expect(bobPage.getByText('Room Lists')).toBeVisible();
    });

    expect(watched.broken, 'errors on the pages').toEqual([]);
    reportCspRefusals(watched.cspRefusals);
    return watched.scriptOrigins;
  } finally {
    unwatch();
    await bobContext.close();
  }
}
