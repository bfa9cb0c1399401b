import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { documentIsMarked, markDocument } from '../support/page-marks';

async function openCreateRoom(page: Page) {
  await page.goto('/');
  await expect(page.getByText('Room Lists')).toBeVisible();
  await page.getByRole('button', { name: 'Create Room' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Room' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Create Room', () => {
  test('creates a room in the modal and lists it without a reload', async ({ userPage: page }) => {
    const name = `Lounge ${randomUUID().slice(0, 8)}`;
    const dialog = await openCreateRoom(page);
    await markDocument(page);
    await expect(dialog.getByLabel('Max Members')).toHaveValue('100');

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Made in the modal');
    await dialog.getByLabel('Max Members').fill('25');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toBeHidden();
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Made in the modal');
    await expect(row).toContainText('1/25');
    await expect(row.getByRole('button', { name: 'Join' })).toBeEnabled();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('validates on Save: blank fields count as empty', async ({ userPage: page }) => {
    const dialog = await openCreateRoom(page);
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByLabel('Max Members').fill('');

    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expect(dialog.getByText('Max Members is required')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('clamps Max Members to its bounds when the field is left', async ({ userPage: page }) => {
    const dialog = await openCreateRoom(page);
    const maxMembers = dialog.getByLabel('Max Members');
    await maxMembers.fill('5000');
    await maxMembers.blur();
    await expect(maxMembers).toHaveValue('1000');
    await maxMembers.fill('1');
    await maxMembers.blur();
    await expect(maxMembers).toHaveValue('2');
  });

  test('Cancel closes the modal without creating anything', async ({ userPage: page }) => {
    const name = `Draft ${randomUUID().slice(0, 8)}`;
    const dialog = await openCreateRoom(page);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(name)).toBeHidden();
  });
});
