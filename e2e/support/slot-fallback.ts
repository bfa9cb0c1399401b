import { routes } from '@chat/shared/constants';
import type { APIRequestContext, Page } from '@playwright/test';
import { createRoom, createUser, loginToken } from './api';
import { expect, signIn } from './fixtures';
import type { RemoteApp } from './releases';

/** How the shell names each remote's slot in its fallback (shell/src/features). */
export const slotLabels: Record<RemoteApp, string> = {
  'auth-remote': 'login form',
  'rooms-remote': 'room list',
  'chat-remote': 'chat room',
};

/**
 * Opens the screen `remote` fills and expects its slot, alone, to say it is unavailable and why, with
 * Retry, while the shell around it stands (the header on the signed-in screens). Returns the reason shown.
 */
export async function expectSlotExplains(
  page: Page,
  request: APIRequestContext,
  remote: RemoteApp,
): Promise<string> {
  if (remote === 'auth-remote') {
    await page.goto(routes.login);
  } else {
    const token = await loginToken(request, await createUser(request, 'slot'));
    await signIn(page.context(), token);
    await page.goto(
      remote === 'chat-remote' ? routes.room((await createRoom(request, token)).id) : routes.home,
    );
    await expect(page.getByRole('heading', { name: 'Chat Rooms' })).toBeVisible();
  }
  const fallback = page.locator('.ant-result').filter({
    hasText: `The ${slotLabels[remote]} is unavailable right now.`,
  });
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  const reason = ((await fallback.locator('.ant-result-subtitle').textContent()) ?? '').trim();
  expect(reason, 'the slot says why').not.toBe('');
  return reason;
}
