import { randomBytes } from 'node:crypto';
import { smokeUrl, smokeUsers } from '../../scripts/smoke/deployment';
import { loginToken } from '../support/api';
import { test } from '../support/fixtures';
import { chatJourney } from '../support/journey';
import { cleanUp, tokenOf } from './clean-up';

test(`the journey across the remotes at ${smokeUrl()}`, async ({ page, browser, request }) => {
  const users = smokeUsers();
  // Named so that whoever reads the deployment's room list knows what made it, and when.
  const roomName = `smoke ${new Date().toISOString()} ${randomBytes(3).toString('hex')}`;
  test.info().annotations.push({ type: 'room', description: roomName });
  // Both accounts first through the API: wrong SMOKE_USERS fail here, in one line, not as a login form that
  // never leaves. The second's token also signs its browser in; the first signs in through the form.
  const members = [];
  for (const { username, password } of users) {
    const token = await loginToken(request, { username, password }).catch((error: Error) => {
      throw new Error(`SMOKE_USERS: ${username} cannot sign in (${error.message})`);
    });
    members.push({ username, token });
  }
  try {
    await chatJourney(page, browser, request, {
      users,
      roomName,
      roomDescription: 'Made by pnpm test:smoke, which checks a deployment; both accounts left it.',
      secondToken: members[1]?.token,
    });
  } finally {
    const formToken = await tokenOf(page.context());
    // The page goes before its token is revoked. Left open, it would notice the revoked token and start
    // signing out (a 401, a navigation to the login screen, a keepalive read and a beacon) just as
    // Playwright tears its context down. In one CI run, closing the context at that moment hung for 120 s.
    await page.close();
    const problems = await cleanUp(request, roomName, members, [formToken]);
    for (const problem of problems) test.info().annotations.push({ type: 'clean-up', description: problem });
  }
});
