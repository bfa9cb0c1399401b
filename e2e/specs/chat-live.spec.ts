import { APP_URL, createRoom, messagesOf } from '../support/api';
import { feed, openRoom, rowsSaying, send } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { png } from '../support/png';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

test.describe('live chat room', () => {
  test("two members see each other's messages live, each exactly once", async ({
    userPage: page,
    request,
    token,
    user,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const { credentials: bob, context: bobContext, page: bobPage } = await secondMember(browser, request);

    await openRoom(page, room.id);
    await openRoom(bobPage, room.id);
    await expect(page.getByRole('heading', { name: `Chat Room: ${room.name}` })).toBeVisible();

    await send(page, 'Hello Bob');
    await expect(page.getByPlaceholder('Message...')).toHaveValue('');
    await expect(rowsSaying(bobPage, 'Hello Bob')).toHaveCount(1);
    await expect(rowsSaying(bobPage, 'Hello Bob')).toContainText(user.username);

    await send(bobPage, 'Hi, <b>you</b>!');
    await expect(rowsSaying(page, 'Hi, <b>you</b>!')).toHaveCount(1);
    await expect(rowsSaying(page, 'Hi, <b>you</b>!')).toContainText(bob.username);
    await expect(feed(page).locator('b')).toHaveCount(0);

    await expect(rowsSaying(page, 'Hello Bob')).toHaveCount(1);
    await expect(rowsSaying(page, 'Hello Bob')).toHaveAttribute('data-status', 'sent');
    await expect(feed(bobPage).getByRole('article')).toHaveCount(2);
    await expect(feed(page).getByRole('article')).toHaveCount(2);
    await bobContext.close();
  });

  test('refuses a blank message with the alert', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });

    // A click whose handler opens an alert keeps Playwright's click waiting ~5 s; dispatch it instead.
    await page.getByRole('button', { name: 'Send' }).dispatchEvent('click');
    await send(page, '   ');

    await expect.poll(() => alerts).toEqual(['Please enter a message!', 'Please enter a message!']);
    expect(await messagesOf(request, token, room.id)).toEqual([]);
  });

  test('sends an image: a bounded thumbnail and a link that opens it in a new tab', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    const image = png(8, 6, () => [200, 40, 40]);

    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: image });

    const link = feed(page).getByRole('link', { name: 'Open image' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https?:\/\//);
    const thumbnail = link.locator('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    expect(await thumbnail.boundingBox()).toMatchObject({ width: 240, height: 160 });

    const file = await request.get(href);
    expect(file.headers()['content-type']).toBe('image/png');
    // Re-encoded by the API (only pixels are served), so compare the picture, not the bytes.
    const served = Buffer.from(await file.body());
    expect(served.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([served.readUInt32BE(16), served.readUInt32BE(20)]).toEqual([8, 6]);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(href);
    await tab.close();
  });

  test('takes pasted and dropped images, and refuses a file that is not PNG or JPEG before uploading', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/messages')) posts.push(req.url());
    });

    await page.getByLabel('Image file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('notes.txt: Only PNG and JPEG images can be sent.')).toBeVisible();
    expect(posts).toEqual([]);

    const base64 = png(4, 4, () => [40, 160, 40]).toString('base64');
    await page.getByPlaceholder('Message...').evaluate((input, data) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, base64);
    await expect(feed(page).getByRole('link', { name: 'Open image' })).toHaveCount(1);

    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return dt;
    }, base64);
    await feed(page).dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(page.getByText('Drop an image to send it')).toBeVisible();
    await feed(page).dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByText('Drop an image to send it')).toBeHidden();

    await expect(feed(page).getByRole('link', { name: 'Open image' })).toHaveCount(2);
    const stored = await messagesOf(request, token, room.id);
    expect(stored.map((message) => message.attachment_path !== null)).toEqual([true, true]);
  });

  test('shows an upload in progress, and Cancel aborts it and stores nothing', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    // The upload is held in the network layer so Cancel meets it in flight, however fast the machine.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/chatrooms/${room.id}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      await route.abort().catch(() => {});
    });
    const aborted = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/messages'));

    await page.getByLabel('Image file').setInputFiles({
      name: 'slow.png',
      mimeType: 'image/png',
      buffer: png(32, 32, (x, y) => [x * 8, y * 8, 128]),
    });
    const pending = feed(page)
      .getByRole('article')
      .filter({ has: page.getByRole('progressbar') });
    await expect(pending).toHaveCount(1);
    await expect(pending.locator('img')).toHaveAttribute('src', /^blob:/);
    await pending.getByRole('button', { name: 'Cancel' }).click();

    expect((await aborted).failure()?.errorText).toMatch(/ABORTED/);
    await expect(feed(page).getByRole('article')).toHaveCount(0);
    release();
    expect(await messagesOf(request, token, room.id)).toEqual([]);
  });
});
