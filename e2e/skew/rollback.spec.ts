import type { AppServer } from '../support/app-server';
import { answerOf, checkDeploy } from '../support/deploy-check';
import { expect, test } from '../support/fixtures';
import { chatJourney } from '../support/journey';
import { rollbackPorts, skewStack as stack } from '../support/release-stacks';
import { remoteApps, serveBuild, versionName } from '../support/releases';
import { origin } from '../support/stack';

const urlVariable = (remote: string) => `${remote.split('-')[0]?.toUpperCase()}_REMOTE_URL`;

/**
 * A rollback is configuration: the previous build of a remote stays served at an address of its own (as a
 * static host keeps the last release), and the shell's static server is restarted with that remote's
 * manifest URL pointing there. Nothing is rebuilt; the next page load runs the previous build, and rolling
 * forward is the same move back.
 */
for (const remote of remoteApps) {
  test(`${remote} rolled back to ${versionName('previous')} and forward, by configuration alone`, async ({
    page,
    browser,
    request,
  }) => {
    // Two whole journeys and two restarts of the shell's server: 40-45 s idle, past 60 s on a busy machine.
    test.setTimeout(150_000);
    const todays = origin(stack[remote]);
    const previous = origin(rollbackPorts[remote]);
    const servers: AppServer[] = [];
    let shell: AppServer | undefined;
    /** The shell's static server (re)started with `remote` found at `at`, as an operator would. */
    const pointShellAt = async (at: string) => {
      // The page still shows the last journey's room. Left open across the restart, it would read the new
      // /config.json, find the remote at an origin its CSP was not served for and reload itself once (as an
      // open tab should: follow-runtime-config.ts), racing the next journey's first navigation. The user
      // this test plays has closed that tab, before the operator's restart.
      await page.goto('about:blank');
      await shell?.stop();
      shell = await serveBuild('shell', 'today', stack.shell, {
        [urlVariable(remote)]: `${at}/mf-manifest.json`,
      });
    };
    try {
      for (const app of remoteApps) servers.push(await serveBuild(app, 'today', stack[app]));
      servers.push(await serveBuild(remote, 'previous', rollbackPorts[remote]));

      await pointShellAt(todays);
      const before = await chatJourney(page, browser, request);
      expect(before).toContain(todays);

      const check = checkDeploy(remote, 'previous', origin(stack.shell));
      test.info().annotations.push({ type: 'check', description: answerOf(check) });
      expect(check.verdict, check.reason).not.toBe('no');

      await test.step("roll back: the shell restarted with the previous build's address", async () => {
        await pointShellAt(previous);
        const scripts = await chatJourney(page, browser, request);
        expect(scripts).toContain(previous);
        expect(scripts).not.toContain(todays);
      });

      await test.step("roll forward: the shell restarted with today's address again", async () => {
        await pointShellAt(todays);
        const scripts = await chatJourney(page, browser, request);
        expect(scripts).toContain(todays);
        expect(scripts).not.toContain(previous);
      });
    } finally {
      await shell?.stop();
      for (const server of servers.reverse()) await server.stop();
    }
  });
}
