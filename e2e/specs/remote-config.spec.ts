import { routes } from '@chat/shared/constants';
import { signInBrowser } from '../../scripts/lib/sign-in-browser';
import { createRoom, createUser, loginToken } from '../support/api';
import { type AppServer, serveApp } from '../support/app-server';
import { feed, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { extraPorts } from '../support/stack';

/** The shell finds remotes from its served configuration: a new URL needs no rebuild of the shell. */
test('a remote manifest URL changed in the served configuration moves the shell to it', async ({ page }) => {
  const servers: AppServer[] = [];
  try {
    const auth = await serveApp('auth-remote', extraPorts.movedAuth);
    servers.push(auth);
    const shell = await serveApp('shell', extraPorts.movedShell, {
      AUTH_REMOTE_URL: `${auth.url}/mf-manifest.json`,
    });
    servers.push(shell);

    const fromMovedRemote: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(auth.url) && response.ok()) fromMovedRemote.push(response.url());
    });
    const landing = await page.goto(`${shell.url}/auth/login`);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(fromMovedRemote.some((url) => url.endsWith('.js'))).toBe(true);
    // Named in the page's Link header, the manifest is fetched while the shell's scripts still load, and
    // the federation runtime uses that response rather than asking again.
    expect(landing?.headers().link).toContain(`<${auth.url}/mf-manifest.json>; rel=preload`);
    expect(fromMovedRemote.filter((url) => url === `${auth.url}/mf-manifest.json`)).toHaveLength(1);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
});

/**
 * An operator moves a remote while tabs are open: each tab reads the new configuration within seconds. Its
 * page's CSP was made for the old origins, so it cannot load the new one in place; it reloads once
 * (shell/src/federation/follow-runtime-config.ts), after the same handover as a swap, and comes back in the
 * same room with what was typed, running the remote from its new address.
 */
test('an open tab follows a remote moved to an origin its page did not name: one reload, nothing lost', async ({
  page,
  request,
}) => {
  const servers: AppServer[] = [];
  let shell: AppServer | undefined;
  const serveShell = async (env: Record<string, string> = {}) => {
    await shell?.stop();
    shell = await serveApp('shell', extraPorts.movedShell, { CONFIG_REFRESH_SECONDS: '1', ...env });
  };
  try {
    const chat = await serveApp('chat-remote', extraPorts.movedChat);
    servers.push(chat);
    await serveShell();
    const user = await createUser(request, 'mover');
    const token = await loginToken(request, user);
    const room = await createRoom(request, token);
    await signInBrowser(page.context(), shell?.url ?? '', token);
    await page.goto(`${shell?.url}${routes.room(room.id)}`);
    await send(page, 'sent before the move');
    await expect(feed(page).getByText('sent before the move', { exact: true })).toBeVisible();
    const bar = page.getByPlaceholder('Message...');
    await bar.fill('typed before the move');

    let loads = 0;
    page.on('load', () => loads++);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await serveShell({ CHAT_REMOTE_URL: `${chat.url}/mf-manifest.json` });
    await reloaded;

    // The reloaded page runs chat-remote from its new address, in the same room, the draft restored.
    await expect(page.getByRole('heading', { name: /^Chat Room: / })).toBeVisible();
    const origins = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin),
    );
    expect(origins).toContain(chat.url);
    await expect(page).toHaveURL(`${shell?.url}${routes.room(room.id)}`);
    await expect(feed(page).getByText('sent before the move', { exact: true })).toBeVisible();
    await expect(bar).toHaveValue('typed before the move');
    // Once: the new page's CSP names the new origin, and the next reads find nothing to move.
    await page.waitForTimeout(3_000);
    expect(loads).toBe(1);
  } finally {
    await shell?.stop();
    for (const server of servers.reverse()) await server.stop();
  }
});
