import type { Page } from '@playwright/test';
import { createRoom } from '../support/api';
import { audit } from '../support/axe';
import { openRoom } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

const PHONE = { width: 375, height: 667 };

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
  });

/** Tab forward until the focused element's name is `name` (at most `limit` presses): no mouse. */
async function tabTo(page: Page, name: string | RegExp, limit = 60) {
  for (let press = 0; press < limit; press++) {
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name} (last: ${await focusedName(page)})`);
}

test.describe("'Room settings' by keyboard alone, on a phone", () => {
  test('opens from the header, renames, invites, passes axe, fits 375 px, and Escape gives focus back', async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    await page.setViewportSize(PHONE);
    const room = await createRoom(request, token, { name: `Keys ${Date.now()}` });
    const invitee = await secondMember(browser, request);
    await openRoom(page, room.id);

    await page.locator('body').focus();
    await tabTo(page, 'Room settings');
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Room settings' });
    await expect(settings).toBeVisible();
    await expect(settings).toHaveCSS('opacity', '1');
    await audit(page, "the 'Room settings' dialog", { include: '[role="dialog"]' });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const box = await settings.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    const name = `Renamed ${Date.now()}`;
    await settings.getByLabel('Name').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(name);
    await tabTo(page, 'Save');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Chat Room: ${name}` })).toBeVisible();

    await settings.getByRole('combobox', { name: 'Invite people' }).focus();
    await page.keyboard.type(invitee.credentials.username);
    await expect(settings.getByRole('option', { name: invitee.credentials.username })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Invite');
    await page.keyboard.press('Enter');
    await expect(settings.getByText(invitee.credentials.username, { exact: true }).first()).toBeVisible();
    await expect(
      settings.getByRole('button', { name: `Remove from room ${invitee.credentials.username}` }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('room-settings-375.png'), fullPage: false });

    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(page.getByRole('button', { name: 'Room settings' })).toBeFocused();
    await invitee.context.close();
  });
});
