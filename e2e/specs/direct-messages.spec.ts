import { routes } from '@chat/shared/constants';
import type { Locator, Page } from '@playwright/test';
import { API_URL, APP_URL, bearer, createRoom, createUser, loginToken, postMessage } from '../support/api';
import { audit } from '../support/axe';
import { rowsSaying, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';
import { directName, entry, recordJoins, startDirectMessage, yourRooms } from '../support/your-rooms';

test.use({ baseURL: APP_URL });

const dmHeading = (page: Page, names: string) =>
  page.getByRole('heading', { name: `Direct message: ${names}`, exact: true });
const dmIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('dm'));

/** Opens 'New direct message', picks `username` from the offered options by clicking, and starts. */
async function startWithClick(page: Page, username: string) {
  await yourRooms(page).getByRole('button', { name: 'New direct message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New direct message' });
  const people = dialog.getByRole('combobox', { name: 'People' });
  await people.fill(username.slice(0, -2));
  await dialog.getByRole('option', { name: username, exact: true }).click();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
}

/** The same, choosing with the keyboard: the first option offered for the full name is theirs. */
async function startWithEnter(page: Page, username: string) {
  await yourRooms(page).getByRole('button', { name: 'New direct message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New direct message' });
  const people = dialog.getByRole('combobox', { name: 'People' });
  await people.fill(username);
  await expect(dialog.getByRole('option', { name: username, exact: true })).toBeVisible();
  await people.press('ArrowDown');
  await people.press('Enter');
  await expect(dialog.getByRole('button', { name: `Remove ${username}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
}

async function tabTo(page: Page, target: Locator, presses = 80) {
  await expect(target).toBeVisible();
  for (let count = 0; !(await target.evaluate((element) => element === document.activeElement)); count++) {
    if (count === presses) throw new Error(`${target} not reached in ${presses} presses`);
    await page.keyboard.press('Tab');
  }
}

test.describe('direct messages', () => {
  test('started from each side it is one conversation, shown to the other with its first message, live both ways, badges, and Close hides it until the next message', async ({
    userPage: alice,
    user,
    browser,
    request,
  }) => {
    const bob = await secondMember(browser, request);
    const bobName = bob.credentials.username;
    await bob.page.goto(routes.home);
    await expect(yourRooms(bob.page).getByText('Nobody yet.')).toBeVisible();
    const aliceJoins = recordJoins(alice);

    await alice.goto(routes.home);
    await startWithClick(alice, bobName);
    await expect(dmHeading(alice, bobName)).toBeVisible();
    await expect(alice).toHaveURL(/\/\?dm=\d+$/);
    const dmId = dmIdOf(alice);
    await expect(alice.getByRole('button', { name: 'Close conversation' })).toBeVisible();
    await expect(alice.getByRole('button', { name: 'Leave Room' })).toHaveCount(0);
    await expect(entry(alice, bobName)).toHaveAttribute('href', routes.directMessage(dmId));
    await expect(entry(alice, bobName)).toHaveAttribute('aria-current', 'page');

    // Not shown to Bob before its first message, even after a reload.
    await bob.page.reload();
    await expect(yourRooms(bob.page).getByText('Nobody yet.')).toBeVisible();
    await expect(entry(bob.page, user.username)).toHaveCount(0);

    await send(alice, 'first words');
    await expect(rowsSaying(alice, 'first words')).toBeVisible();
    await expect(entry(bob.page, user.username)).toHaveAttribute('href', routes.directMessage(dmId));
    await send(alice, 'second words');
    await expect(entry(bob.page, user.username).getByRole('img', { name: '2 unread' })).toBeVisible();
    await expect(entry(bob.page, user.username).getByRole('img', { name: '2 mentions' })).toBeVisible();

    // Bob starts one with Alice from his side: the same conversation.
    await startWithEnter(bob.page, user.username);
    await expect(dmHeading(bob.page, user.username)).toBeVisible();
    await expect(bob.page).toHaveURL(`${APP_URL}${routes.directMessage(dmId)}`);
    await expect(rowsSaying(bob.page, 'second words')).toBeVisible();
    await expect(entry(bob.page, user.username).getByRole('img')).toHaveCount(0);

    await send(bob.page, 'hello alice');
    await expect(rowsSaying(alice, 'hello alice')).toBeVisible();
    await send(alice, 'hello bob');
    await expect(rowsSaying(bob.page, 'hello bob')).toBeVisible();

    // Alice closes it: gone from her 'Your rooms' (a reload too) until Bob writes again.
    await alice.getByRole('button', { name: 'Close conversation' }).click();
    await expect(dmHeading(alice, bobName)).toBeHidden();
    await expect(entry(alice, bobName)).toHaveCount(0);
    await alice.reload();
    await expect(yourRooms(alice).getByRole('heading', { name: 'Direct messages' })).toBeVisible();
    await expect(entry(alice, bobName)).toHaveCount(0);
    await send(bob.page, 'are you there?');
    await expect(entry(alice, bobName).getByRole('img', { name: '1 unread' })).toBeVisible();
    await entry(alice, bobName).click();
    await expect(dmHeading(alice, bobName)).toBeVisible();
    await expect(rowsSaying(alice, 'are you there?')).toBeVisible();
    expect(dmIdOf(alice)).toBe(dmId);
    expect(aliceJoins).toEqual([]);
    await bob.context.close();
  });

  test("a group conversation is named by the others' usernames, sorted regardless of case", async ({
    userPage: page,
    user,
    request,
    token,
    browser,
  }) => {
    const zed = await createUser(request, 'Zed');
    const bob = await createUser(request, 'bob');
    const dm = await startDirectMessage(request, token, [zed.username, bob.username]);
    const names = directName([zed.username, bob.username]);
    expect(names.startsWith('bob-')).toBe(true);
    await page.goto(routes.home);
    await expect(entry(page, names)).toHaveAttribute('href', routes.directMessage(dm.id));
    await entry(page, names).click();
    await expect(dmHeading(page, names)).toBeVisible();
    // And each of the others sees the rest, once there is a message.
    await send(page, 'hi both');
    await expect(rowsSaying(page, 'hi both')).toBeVisible();
    const zedContext = await browser.newContext({ baseURL: APP_URL });
    await signIn(zedContext, await loginToken(request, zed));
    const zedPage = await zedContext.newPage();
    await zedPage.goto(routes.home);
    await expect(entry(zedPage, directName([user.username, bob.username]))).toHaveAttribute(
      'href',
      routes.directMessage(dm.id),
    );
    await zedContext.close();
  });

  test('someone not in the conversation sees none of it, and it is never listed for them', async ({
    userPage: carol,
    token: carolToken,
    request,
  }) => {
    const alice = await createUser(request, 'alice');
    const aliceToken = await loginToken(request, alice);
    const bob = await createUser(request, 'bob');
    const dm = await startDirectMessage(request, aliceToken, [bob.username]);
    await postMessage(request, aliceToken, dm.id, 'for bob only');

    const response = await request.get(`${API_URL}chatrooms/${dm.id}/messages`, {
      headers: bearer(carolToken),
    });
    expect(response.status()).toBe(404);

    await carol.goto(routes.directMessage(dm.id));
    await expect(
      carol
        .getByText('This conversation is not available.')
        .or(carol.getByText('Not Found', { exact: true }))
        .or(carol.getByRole('alert'))
        .first(),
    ).toBeVisible();
    await expect(carol.getByText('for bob only')).toHaveCount(0);
    await expect(entry(carol, bob.username)).toHaveCount(0);
    await expect(entry(carol, alice.username)).toHaveCount(0);

    await carol.goto(routes.home);
    await expect(carol.getByText('Room Lists')).toBeVisible();
    await expect(yourRooms(carol).getByText('Nobody yet.')).toBeVisible();
    await expect(carol.getByText(alice.username)).toHaveCount(0);
    await expect(carol.getByText(bob.username)).toHaveCount(0);
  });

  test('the keyboard alone opens a room from the panel and starts a conversation; axe finds nothing on the panel or the dialog', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token, { name: `Keys ${Date.now()}` });
    const bob = await createUser(request, 'bob');
    await page.goto(routes.home);
    await expect(entry(page, room.name)).toBeVisible();
    await expect(yourRooms(page).getByText('Nobody yet.')).toBeVisible();
    await audit(page, "'Your rooms'", { include: 'nav[aria-label="Your rooms"]', every: true });

    await tabTo(page, entry(page, room.name));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
    await expect(entry(page, room.name)).toHaveAttribute('aria-current', 'page');

    await tabTo(page, yourRooms(page).getByRole('button', { name: 'New direct message' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New direct message' });
    const people = dialog.getByRole('combobox', { name: 'People' });
    await tabTo(page, people);
    // At a keyboard's own pace: every character must reach the field.
    await page.keyboard.type(bob.username);
    await expect(people).toHaveValue(bob.username);
    await expect(dialog.getByRole('option', { name: bob.username, exact: true })).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    await audit(page, "the 'New direct message' dialog with options offered", {
      include: '[role="dialog"]',
      every: true,
    });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: `Remove ${bob.username}` })).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Start' }));
    await page.keyboard.press('Enter');
    await expect(dmHeading(page, bob.username)).toBeVisible();
    await expect(page).toHaveURL(/\/\?dm=\d+$/);
    await expect(entry(page, bob.username)).toHaveAttribute('aria-current', 'page');
    await audit(page, "'Your rooms' with a conversation open", {
      include: 'nav[aria-label="Your rooms"]',
      every: true,
    });
  });
});

test('the New direct message dialog opens with the focus in People, ready to type a name', async ({
  userPage: page,
}) => {
  await page.goto(routes.home);
  await yourRooms(page).getByRole('button', { name: 'New direct message' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New direct message' });
  await expect(dialog.getByRole('combobox', { name: 'People' })).toBeFocused();
});
