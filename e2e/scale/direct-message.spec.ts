import { APP_URL, createUser, loginToken, postMessage } from '../support/api';
import { feed, send } from '../support/chat';
import { expect, signIn, test } from '../support/fixtures';
import { entry, startDirectMessage } from '../support/your-rooms';

test.use({ baseURL: APP_URL });

// With the websocket on Soketi (two nodes behind the balancer, so the two people's sockets may sit on different
// nodes): a direct message's events go through Soketi's HTTP API to its own channel and to each member's user
// channel, never to 'chatroom', and still reach the other person live.
test('a direct message reaches the other person live across Soketi nodes, and its badge counts in their panel', async ({
  browser,
  request,
  token,
  user,
}) => {
  const ann = await createUser(request, 'ann');
  const annToken = await loginToken(request, ann);
  const dm = await startDirectMessage(request, token, [ann.username]);
  await postMessage(request, token, dm.id, 'first, so ann sees it');

  const annContext = await browser.newContext();
  await signIn(annContext, annToken);
  const annPage = await annContext.newPage();
  await annPage.goto('/');
  // Ann's panel lists it with its first message, and counts what arrives while it is not open.
  await expect(entry(annPage, user.username)).toBeVisible();
  await postMessage(request, token, dm.id, 'second, @nobody');
  await expect(entry(annPage, user.username).getByRole('img', { name: '2 unread' })).toBeVisible();
  await expect(entry(annPage, user.username).getByRole('img', { name: '2 mentions' })).toBeVisible();

  // Opened from the panel, the conversation is live both ways.
  await entry(annPage, user.username).click();
  await expect(annPage.getByRole('heading', { name: `Direct message: ${user.username}` })).toBeVisible();
  const ownContext = await browser.newContext();
  await signIn(ownContext, token);
  const own = await ownContext.newPage();
  await own.goto(`/?dm=${dm.id}`);
  await expect(feed(own).getByText('second, @nobody')).toBeVisible();
  await send(own, 'across the nodes');
  await expect(feed(annPage).getByText('across the nodes')).toBeVisible();
  await send(annPage, 'and back');
  await expect(feed(own).getByText('and back')).toBeVisible();
  await annContext.close();
  await ownContext.close();
});
