import { routes } from '@chat/shared/constants';
import { createRoom, postMessage } from '../support/api';
import { feed, openRoom } from '../support/chat';
import { expectDrawnByTheme, expectNoRuntimeComponentStyles } from '../support/drawn-by-theme';
import { expect, test } from '../support/fixtures';

// antd draws from the stylesheet the build extracted (shared/build/antd-static-styles.ts), not from styles
// built as components render: every screen, and the dialogs and toasts that open later, look as the theme says.
test.describe('styles extracted at build time', () => {
  test('draw the login screen', async ({ page }) => {
    await page.goto(routes.login);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expectDrawnByTheme(page);
    await expectNoRuntimeComponentStyles(page);
  });

  test('draw the room list and the Create Room dialog', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await page.goto(routes.home);
    await expect(page.getByRole('listitem').filter({ hasText: room.name })).toBeVisible();
    await expectDrawnByTheme(page);
    await page.getByRole('button', { name: 'Create Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Room' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectDrawnByTheme(page);
    await expectNoRuntimeComponentStyles(page);
  });

  test('draw the chat room and its toasts', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await postMessage(request, token, room.id, 'drawn by the theme');
    await openRoom(page, room.id);
    await expect(feed(page).getByText('drawn by the theme')).toBeVisible();
    await expectDrawnByTheme(page);
    // A notification (antd's, through App) says the join: its card is drawn too.
    const toast = page.locator('.ant-notification-notice').first();
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expectNoRuntimeComponentStyles(page);
  });
});
