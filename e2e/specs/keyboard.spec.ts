import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_COOKIE, routes } from '@chat/shared/constants';
import type { Locator, Page } from '@playwright/test';
import { rowsSaying } from '../support/chat';
import { expect, test } from '../support/fixtures';

/** What draws focus on an element or the two boxes around it (antd rings an input's wrapper). */
const focusLook = (target: Locator) =>
  target.evaluate((element) => {
    const boxes = [element, element.parentElement, element.parentElement?.parentElement];
    return boxes
      .map((box) => {
        if (!box) return '';
        const style = getComputedStyle(box);
        return [
          style.outlineStyle,
          style.outlineWidth,
          style.outlineColor,
          style.boxShadow,
          style.borderColor,
        ]
          .map(String)
          .join(' ');
      })
      .join(' / ');
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user moves through the
 * page, then checks the focus shows: the target looks different from how it looked unfocused.
 */
async function tabTo(page: Page, target: Locator, { back = false, presses = 80 } = {}) {
  await expect(target).toBeVisible();
  const unfocused = await focusLook(target);
  for (let count = 0; !(await target.evaluate((element) => element === document.activeElement)); count++) {
    if (count === presses) throw new Error(`${target} not reached in ${presses} presses`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect.poll(() => focusLook(target), { message: `a visible focus on ${target}` }).not.toBe(unfocused);
}

test.describe('the keyboard alone', { tag: '@a11y' }, () => {
  test('signs in, creates a room, joins it, sends, leaves and logs out', async ({ page, user }) => {
    const roomName = `Keys ${randomUUID().slice(0, 8)}`;
    await page.goto(routes.login);

    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(user.username);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(user.password);
    await tabTo(page, page.getByRole('button', { name: 'Login' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Room Lists')).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Create Room' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Room' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(roomName);
    await tabTo(page, dialog.getByLabel('Description'));
    await page.keyboard.type('Made without a mouse');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem').filter({ hasText: roomName });
    await tabTo(page, row.getByRole('button', { name: 'Join' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Chat Room: ${roomName}` })).toBeVisible();

    const input = page.getByPlaceholder('Message...');
    await expect(input).toBeFocused();
    await page.keyboard.type('typed and sent with Enter');
    await page.keyboard.press('Enter');
    await expect(rowsSaying(page, 'typed and sent with Enter')).toBeVisible();
    await page.keyboard.type('sent with the Send button');
    await tabTo(page, page.getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    await expect(rowsSaying(page, 'sent with the Send button')).toBeVisible();

    // On the way back up: the feed itself takes the focus, so the keyboard can scroll the history.
    await tabTo(page, page.getByRole('feed', { name: 'Messages' }), { back: true });
    await tabTo(page, page.getByRole('button', { name: 'Leave Room' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(routes.home);
    await expect(page.getByText('Room Lists')).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: user.username, exact: true }), { back: true });
    await page.keyboard.press('Enter');
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    // The menu moves the focus to its first item a few frames after it shows; a keyboard user presses Enter
    // once the item has it (before that, Enter reaches the user button and closes the menu again).
    await expect(logOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE)).toBeUndefined();
  });
});
