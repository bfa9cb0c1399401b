import { routes } from '@chat/shared/constants';
import type { APIRequestContext } from '@playwright/test';
import { API_URL, bearer, createRoom, createUser, loginToken, postMessage } from '../support/api';
import { send } from '../support/chat';
import { chunksAsked } from '../support/chunks-asked';
import {
  apiRequests,
  DATA_BLOCK,
  drawingShell,
  inlineScripts,
  inSignedInPage,
  isDrawn,
  layoutShift,
  pageFor,
  untilDrawn,
  VIEWPORTS,
} from '../support/first-screen';
import { expect, test } from '../support/fixtures';

// The shell's server draws a member's open room with the chat remote's server build (DRAW_FIRST_SCREEN=1,
// shell/server/first-screen): a shell of its own beside the stack, with the stack's remotes and API.
const shellUrl = drawingShell();

const roomPage = (roomId: number) => `${shellUrl()}${routes.room(roomId)}`;

/**
 * A room of `token`'s with messages: one of them written to break out of the page's data block, one
 * formatted (drawn from the tree the server read it with).
 */
async function roomWithMessages(request: APIRequestContext, token: string) {
  const room = await createRoom(request, token, { name: `Drawn <b>${Date.now() % 10_000}</b>` });
  for (const content of [
    'Found a cabin by the lake',
    '</script><script>alert(1)</script> & more',
    'Bring **boots** and `rope`',
    'See you at 8',
  ])
    await postMessage(request, token, room.id, content);
  return room;
}

test.describe('the open room drawn by the shell’s server', () => {
  test('is on the page before any script runs: title and newest messages, private to this user, data in a JSON block', async ({
    browser,
    request,
    token,
  }) => {
    const room = await roomWithMessages(request, token);
    await untilDrawn(request, roomPage(room.id), token);

    const { headers, html } = await pageFor(request, roomPage(room.id), token);
    expect(headers['cache-control']).toBe('private, no-store');
    // The one script without a source is the data block, which is never executed.
    expect(inlineScripts(html)).toEqual([DATA_BLOCK]);
    expect(headers['content-security-policy']).toContain("style-src-attr 'unsafe-hashes' 'sha256-");

    await inSignedInPage(
      browser,
      token,
      {
        javaScriptEnabled: false,
        viewport: { width: 375, height: 667 },
      },
      async (page) => {
        await page.goto(roomPage(room.id));
        await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();
        await expect(page.getByText('Found a cabin by the lake')).toBeVisible();
        // Text, not markup: the message that tried to close the block is shown as written.
        await expect(page.getByText('</script><script>alert(1)</script> & more')).toBeVisible();
        await expect(page.getByText('See you at 8')).toBeVisible();
        // Formatted already: the drawing's rows are the rows the room draws when it takes over.
        const formatted = page.getByRole('article').filter({ hasText: 'Bring' });
        await expect(formatted.locator('p strong')).toHaveText('boots');
        await expect(formatted.locator('p code')).toHaveText('rope');
      },
    );
  });

  for (const viewport of VIEWPORTS)
    test(`then the room takes over in place, asks for nothing it was given, and works (${viewport.width}×${viewport.height})`, async ({
      browser,
      request,
      token,
    }) => {
      const room = await roomWithMessages(request, token);
      await untilDrawn(request, roomPage(room.id), token);
      await inSignedInPage(browser, token, { viewport }, async (page) => {
        const asked = apiRequests(page, API_URL);
        const parser = chunksAsked(page, 'markdown-parser');
        await page.goto(roomPage(room.id));
        const feed = page.getByRole('feed', { name: 'Messages' });
        await expect(feed).toHaveAttribute('aria-busy', 'false');
        await expect(feed.getByText('See you at 8')).toBeVisible();
        // The drawing has gone: the page's one feed is the room's own, and nothing moved on the way.
        await expect(page.locator('#first-screen')).toHaveCount(0);
        await expect(feed.getByRole('article').filter({ hasText: 'Bring' }).locator('p strong')).toHaveText(
          'boots',
        );
        const shift = await layoutShift(page);
        expect(shift.score, `moved: ${shift.moved.join('; ')}`).toBe(0);

        await send(page, 'Sent from a drawn page');
        await expect(feed.getByText('Sent from a drawn page')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Leave Room' })).toBeEnabled();

        // The session, the room and its newest page came with the HTML; the join is the page's one write.
        expect(asked).not.toContain('GET me');
        expect(asked).not.toContain(`GET chatrooms/${room.id}`);
        expect(asked.filter((each) => each.startsWith(`GET chatrooms/${room.id}/messages?limit=50`))).toEqual(
          [],
        );
        // The newest page came with its trees: the formatted message was never parsed here.
        expect(parser).toEqual([]);
        expect(asked.filter((each) => each === `POST chatrooms/${room.id}/join`)).toHaveLength(1);
      });
    });

  test('draws nothing for a visitor who is not a member, or whose session has ended', async ({
    request,
    token,
  }) => {
    const room = await roomWithMessages(request, token);
    await untilDrawn(request, roomPage(room.id), token);

    // Someone else: the room is theirs to join from the browser (a write the server never makes for them).
    const other = await loginToken(request, await createUser(request));
    const outsider = await pageFor(request, roomPage(room.id), other);
    expect(isDrawn(outsider.html)).toBe(false);
    expect(outsider.html).not.toContain('Found a cabin by the lake');
    expect(outsider.headers['cache-control']).toBe('no-cache');

    // The cookie is there, the session is not: the page is the plain frame, and the browser says 'Verifying...'.
    expect((await request.post(`${API_URL}auth/logout`, { headers: bearer(token) })).ok()).toBe(true);
    const revoked = await pageFor(request, roomPage(room.id), token);
    expect(isDrawn(revoked.html)).toBe(false);
    expect(revoked.html).not.toContain('Found a cabin by the lake');
  });

  test('a page the server did not draw (the plain shell) is today’s page', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await roomWithMessages(request, token);
    // The stack's own shell runs without the option: the frame, and the room drawn by the browser.
    const plain = await pageFor(request, routes.room(room.id), token);
    expect(isDrawn(plain.html)).toBe(false);
    await page.goto(routes.room(room.id));
    await expect(page.getByRole('feed', { name: 'Messages' })).toHaveAttribute('aria-busy', 'false');
  });
});
