import { type AppServer, serveApp } from '../support/app-server';
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
