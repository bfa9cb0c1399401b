import { expect, test } from '@playwright/test';

test('on the dev servers: sign in, the room list, a new room with its defaults, and the room itself', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Room Lists')).toBeVisible();

  await page.getByRole('button', { name: 'Create Room' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Room' });
  await expect(dialog.getByLabel('Max Members')).toHaveValue('100');
  const name = `Dev ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made on the dev servers');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: `Chat Room: ${name}` })).toBeVisible();
  await page.getByPlaceholder('Message...').fill('hello from development');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article').filter({ hasText: 'hello from development' })).toBeVisible();

  expect(pageErrors).toEqual([]);
});
