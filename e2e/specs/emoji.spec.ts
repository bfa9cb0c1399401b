import { APP_URL, createRoom, messagesOf } from '../support/api';
import { audit } from '../support/axe';
import { openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { bothInTheRoom } from '../support/second-member';

test.use({ baseURL: APP_URL });

test.describe('any emoji', () => {
  test("'Emoji' finds 🎉 by 'tada', puts it at the caret, the other member sees it, and it comes first next time", async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { bob } = await bothInTheRoom(page, browser, request, token);

    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('Party time');
    await field.press('ArrowLeft');
    await field.press('ArrowLeft');
    await field.press('ArrowLeft');
    await field.press('ArrowLeft');
    await page.getByRole('button', { name: 'Emoji', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'Search emoji' });
    await expect(search).toBeFocused();
    await search.fill('tada');
    await page.getByRole('gridcell', { name: 'Party popper', exact: true }).click();
    await expect(search).toHaveCount(0);
    await expect(field).toHaveValue('Party 🎉time');
    await expect(field).toBeFocused();
    await field.press('Enter');
    await expect(rowsSaying(bob.page, 'Party 🎉time')).toHaveCount(1);

    await page.getByRole('button', { name: 'Emoji', exact: true }).click();
    await expect(page.getByText('Recently used')).toBeVisible();
    await expect(page.getByRole('gridcell').first()).toHaveText('🎉');
    await bob.context.close();
  });

  test(':tada: typed is sent as 🎉, but not inside code', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { room, bob } = await bothInTheRoom(page, browser, request, token);
    await send(page, 'We shipped :tada::tada:');
    await expect(rowsSaying(bob.page, 'We shipped 🎉🎉')).toHaveCount(1);
    await expect(rowsSaying(page, 'We shipped 🎉🎉')).toHaveCount(1);
    await send(page, 'Type `:tada:` for :tada:, or :nope:');
    await expect
      .poll(async () => (await messagesOf(request, token, room.id)).map((message) => message.content))
      .toContain('Type `:tada:` for 🎉, or :nope:');
    await bob.context.close();
  });

  test("'More emoji' reacts with any emoji, which both members see", async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const { bob } = await bothInTheRoom(page, browser, request, token);
    await send(page, 'Launch day');
    await expect(rowsSaying(bob.page, 'Launch day')).toHaveCount(1);

    await rowsSaying(page, 'Launch day').getByRole('button', { name: 'Add reaction' }).click();
    const picker = page.getByRole('group', { name: 'Choose a reaction' });
    await expect(picker.getByRole('button', { name: '👍', exact: true })).toBeVisible();
    await picker.getByRole('button', { name: 'More emoji', exact: true }).click();
    const search = picker.getByRole('searchbox', { name: 'Search emoji' });
    await expect(search).toBeFocused();
    await search.fill('rocket');
    await picker.getByRole('gridcell', { name: 'Rocket', exact: true }).click();
    await expect(picker).toHaveCount(0);
    await expect(rowsSaying(page, 'Launch day').getByRole('button', { name: '🚀 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rowsSaying(bob.page, 'Launch day').getByRole('button', { name: '🚀 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await bob.context.close();
  });

  test('by keyboard alone: Tab to Emoji, Enter, type, arrows, Enter; Escape closes and gives the focus back', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.focus();
    await page.keyboard.type('Cheers ');
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Emoji', exact: true });
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    const search = page.getByRole('searchbox', { name: 'Search emoji' });
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    // The arrows move through the whole list, scrolling the active emoji into view.
    for (let step = 0; step < 15; step++) await page.keyboard.press('ArrowDown');
    const active = page.locator('[role="gridcell"][aria-selected="true"]');
    await expect(active).toHaveCount(1);
    await expect(active).toBeInViewport();
    await page.keyboard.type('tada');
    await expect(page.getByRole('gridcell', { name: 'Party popper', exact: true })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('gridcell', { name: 'Party popper', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Cheers 🎉');
    await page.keyboard.press('Enter');
    await expect(rowsSaying(page, 'Cheers 🎉')).toHaveCount(1);
  });

  test('the open picker passes axe', { tag: '@a11y' }, async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    await page.getByRole('button', { name: 'Emoji', exact: true }).click();
    await expect(page.getByRole('gridcell', { name: 'Grinning face', exact: true })).toBeVisible();
    await audit(page, 'emoji picker', { include: '[role="dialog"]' });
  });
});
