import { APP_URL, createRoom } from '../support/api';
import { openRoom, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { previewPage, startPreviewSite } from '../support/preview-site';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

test.describe('link previews', () => {
  test("a link's preview appears live under the message for both members, its image from the API; its author removes it for everyone", async ({
    userPage: page,
    browser,
    request,
    token,
  }) => {
    const site = await startPreviewSite();
    try {
      const room = await createRoom(request, token);
      const bob = await secondMember(browser, request, room.id);
      await openRoom(page, room.id);
      await openRoom(bob.page, room.id);
      const siteRequests: string[] = [];
      for (const reader of [page, bob.page])
        reader.on('request', (request) => {
          if (request.url().includes(':4590')) siteRequests.push(request.url());
        });

      const text = `Worth a read: ${site.url}`;
      await send(page, text);
      for (const reader of [page, bob.page]) {
        const preview = reader.getByRole('article').filter({ hasText: previewPage.title });
        await expect(preview.getByRole('link', { name: previewPage.title })).toHaveAttribute(
          'href',
          site.url,
        );
        await expect(preview.getByRole('link', { name: previewPage.title })).toHaveAttribute(
          'rel',
          'noopener noreferrer',
        );
        await expect(preview.getByText(previewPage.description)).toBeVisible();
        await expect(preview.getByText(previewPage.siteName)).toBeVisible();
        const image = preview.locator('img');
        await expect(image).toHaveAttribute('src', /\/api\/attachments\//);
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
          .toBeGreaterThan(0);
      }
      // Readers' browsers never contact the site: the API fetched the page and the image.
      expect(siteRequests).toEqual([]);
      await expect(
        bob.page.getByRole('article').filter({ hasText: previewPage.title }).getByRole('button', {
          name: 'Remove preview',
        }),
      ).toHaveCount(0);

      const own = page.getByRole('article').filter({ hasText: previewPage.title });
      await own.hover();
      await own.getByRole('button', { name: 'Remove preview' }).click();
      for (const reader of [page, bob.page]) {
        await expect(reader.getByText(previewPage.description)).toHaveCount(0);
        await expect(reader.getByRole('article').filter({ hasText: 'Worth a read' })).toHaveCount(1);
      }
      await bob.context.close();
    } finally {
      await site.close();
    }
  });
});
