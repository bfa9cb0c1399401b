import { answerOf, checkDeploy } from '../support/deploy-check';
import { isDrawn, pageFor } from '../support/first-screen';
import { expect, test } from '../support/fixtures';
import { chatJourney } from '../support/journey';
import { skewStack as stack } from '../support/release-stacks';
import { type RemoteApp, remoteApps, serveBuild, type Version, versionName } from '../support/releases';
import { expectSlotExplains } from '../support/slot-fallback';
import { origin } from '../support/stack';

/** One remote of the other release than the shell's; the other two come with the shell. */
interface Pairing {
  shell: Version;
  remote: RemoteApp;
}

const other = (version: Version): Version => (version === 'today' ? 'previous' : 'today');

// Today's shell with each remote of the last release (a remote rolled back, or the shell deployed first),
// and each of today's remotes in the last release's shell (a remote deployed first, or the shell rolled
// back). The stack's addresses come from skew.config.ts's environment, which every server inherits.
const pairings: Pairing[] = (['today', 'previous'] as const).flatMap((shell) =>
  remoteApps.map((remote) => ({ shell, remote })),
);

/** Investigation only: deploy what the check refuses and run the flows anyway (README "Releases"). */
const deployRefused = process.env.SKEW_DEPLOY_REFUSED === '1';

for (const pairing of pairings) {
  const remoteVersion = other(pairing.shell);
  test(`${versionName(pairing.shell)} shell + ${versionName(remoteVersion)} ${pairing.remote}`, async ({
    page,
    browser,
    request,
  }) => {
    // The shell first: the check reads its contract from where it is served.
    const servers = [await serveBuild('shell', pairing.shell, stack.shell)];
    try {
      const check = checkDeploy(pairing.remote, remoteVersion, origin(stack.shell));
      test.info().annotations.push({ type: 'check', description: answerOf(check) });
      const refused = check.verdict === 'no' && !deployRefused;
      for (const app of remoteApps) {
        if (app === pairing.remote && refused) continue; // not deployed: its address answers nothing
        servers.push(
          await serveBuild(app, app === pairing.remote ? remoteVersion : pairing.shell, stack[app]),
        );
      }
      if (refused) {
        const shown = await expectSlotExplains(page, request, pairing.remote);
        test.info().annotations.push({ type: 'slot', description: shown });
      } else {
        await chatJourney(page, browser, request);
        // A remote of a release without a part of today's page (rooms-remote before 'Your rooms') leaves that
        // part out; nothing on the home page says it is unavailable.
        await page.goto('/');
        await expect(page.getByText('Room Lists')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByText(/is unavailable right now/)).toHaveCount(0);
      }
    } finally {
      for (const server of servers.reverse()) await server.stop();
    }
  });
}

// Today's shell drawing the first screen (DRAW_FIRST_SCREEN=1) with the last release's rooms and chat remotes,
// which publish no server build: nothing is drawn, and the pages are the browser's, as before.
test(`today's shell drawing first screens + ${versionName('previous')} rooms-remote and chat-remote`, async ({
  userPage: page,
  request,
  token,
}) => {
  const servers = [await serveBuild('shell', 'today', stack.shell, { DRAW_FIRST_SCREEN: '1' })];
  try {
    for (const app of remoteApps)
      servers.push(await serveBuild(app, app === 'auth-remote' ? 'today' : 'previous', stack[app]));
    const home = `${origin(stack.shell)}/`;
    // The first page sets the server reading what each remote publishes; a later one would be drawn.
    await pageFor(request, home, token);
    await page.waitForTimeout(1_000);
    expect(isDrawn((await pageFor(request, home, token)).html)).toBe(false);

    await page.goto(home);
    await expect(page.getByText('Room Lists')).toBeVisible();
    await expect(page.getByText(/is unavailable right now/)).toHaveCount(0);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
});
