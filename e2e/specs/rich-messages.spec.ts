import type { Page } from '@playwright/test';
import { APP_URL, createRoom, postMessage } from '../support/api';
import { audit } from '../support/axe';
import { feed, openRoom } from '../support/chat';
import { chunksAsked } from '../support/chunks-asked';
import { expect, test } from '../support/fixtures';
import { secondMember } from '../support/second-member';

test.use({ baseURL: APP_URL });

const field = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** The row of the message whose text includes `text`. */
const rowWith = (page: Page, text: string) => feed(page).getByRole('article').filter({ hasText: text });

test.describe('rich messages', () => {
  test('a formatted message with code and a link is seen live, formatted, by the other member', async ({
    userPage: page,
    request,
    token,
    browser,
  }) => {
    const room = await createRoom(request, token);
    const bob = await secondMember(browser, request, room.id);
    const parser = chunksAsked(bob.page, 'markdown-parser');
    const highlighter = chunksAsked(bob.page, 'code-highlighter');
    await postMessage(request, token, room.id, 'plain words only');
    await openRoom(page, room.id);
    await openRoom(bob.page, room.id);
    await expect(rowWith(bob.page, 'plain words only')).toBeVisible();
    // A room of plain talk never loads the parser nor the highlighter.
    expect(parser).toEqual([]);
    expect(highlighter).toEqual([]);

    await field(page).fill(
      '**bold** and [the docs](https://example.test/docs)\n```js\nconst answer = 42;\n```\nsee https://example.test/a',
    );
    await field(page).press('Enter');

    const row = rowWith(bob.page, 'const answer = 42;');
    await expect(row.locator('p strong')).toHaveText('bold');
    const docs = row.getByRole('link', { name: 'the docs' });
    await expect(docs).toHaveAttribute('href', 'https://example.test/docs');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(row.getByRole('link', { name: 'https://example.test/a' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    const code = row.locator('pre[data-language="javascript"]');
    await expect(code).toHaveText('const answer = 42;');
    // Highlighted: the keyword is a token of its own.
    await expect(code.locator('span', { hasText: /^const$/ })).toHaveCount(1);
    expect(parser.length).toBeGreaterThan(0);
    expect(highlighter.length).toBeGreaterThan(0);

    await audit(bob.page, 'a formatted message', { include: '[role="feed"]' });
    await bob.context.close();
  });

  test('formatted history opens formatted with no parser in the browser: the API sends its trees', async ({
    userPage: page,
    request,
    token,
  }) => {
    const room = await createRoom(request, token);
    await postMessage(request, token, room.id, '**first** with `code` &amp; an entity');
    await postMessage(request, token, room.id, '- a list with [a link](https://example.test/list)');
    const parser = chunksAsked(page, 'markdown-parser');
    await openRoom(page, room.id);
    const first = rowWith(page, 'an entity');
    await expect(first.locator('p strong')).toHaveText('first');
    await expect(first.locator('p code')).toHaveText('code');
    await expect(first).toContainText('with code & an entity');
    await expect(rowWith(page, 'a list with').getByRole('link', { name: 'a link' })).toHaveAttribute(
      'href',
      'https://example.test/list',
    );
    // Each message came with its tree (docs/api.md, include=tree): nothing was parsed here.
    expect(parser).toEqual([]);
  });

  test('Shift+Enter adds a line, Enter sends both lines', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    await openRoom(page, room.id);
    await field(page).pressSequentially('line one');
    await field(page).press('Shift+Enter');
    await field(page).pressSequentially('line two');
    await expect(field(page)).toHaveValue('line one\nline two');
    await field(page).press('Enter');
    await expect(field(page)).toHaveValue('');
    const text = rowWith(page, 'line two').locator('p').first();
    expect(await text.evaluate((element) => element.textContent)).toBe('line one\nline two');
  });

  test('a hostile message shows as text and makes no link', async ({ userPage: page, request, token }) => {
    const room = await createRoom(request, token);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openRoom(page, room.id);
    const hostile =
      '<img src=x onerror=alert(1)> [click](javascript:alert(2)) ![pic](https://example.test/x.png)';
    await field(page).fill(hostile);
    await field(page).press('Enter');
    const row = rowWith(page, '<img src=x onerror=alert(1)>');
    await expect(row).toContainText('click');
    await expect(row.getByRole('link', { name: 'pic' })).toHaveAttribute(
      'href',
      'https://example.test/x.png',
    );
    await expect(row.locator('img')).toHaveCount(0);
    await expect(row.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'click' })).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test.describe('on a 375×667 phone', () => {
    test.use({ viewport: { width: 375, height: 667 } });

    test('a long code block scrolls inside itself, the page does not', async ({
      userPage: page,
      request,
      token,
    }) => {
      const room = await createRoom(request, token);
      const long = `const line = "${'a very long line '.repeat(20)}";`;
      await postMessage(request, token, room.id, `Look:\n\`\`\`js\n${long}\n\`\`\``);
      await openRoom(page, room.id);
      const code = feed(page).locator('pre');
      await expect(code).toContainText('a very long line');
      const box = await code.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(box.scroll).toBeGreaterThan(box.client);
      const pageWidth = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(pageWidth.scroll).toBeLessThanOrEqual(pageWidth.client);
      await audit(page, 'a long code block on a phone', { include: '[role="feed"]' });
    });

    test('a message of several lines in the field does not cover the last message', async ({
      userPage: page,
      request,
      token,
    }) => {
      const room = await createRoom(request, token);
      for (let index = 1; index <= 12; index++)
        await postMessage(request, token, room.id, `message ${index}`);
      await openRoom(page, room.id);
      const last = rowWith(page, 'message 12');
      await expect(last).toBeVisible();
      await field(page).fill('one\ntwo\nthree\nfour\nfive\nsix');
      const bar = field(page).locator('xpath=ancestor::*[contains(@style, "position: fixed")][1]');
      const list = page.getByLabel('Messages', { exact: true });
      await expect(async () => {
        const [lastBox, listBox, barBox] = await Promise.all([
          last.boundingBox(),
          list.boundingBox(),
          bar.boundingBox(),
        ]);
        if (!lastBox || !listBox || !barBox) throw new Error('not laid out');
        // The list ends above the grown bar, and still shows the last message whole.
        expect(listBox.y + listBox.height).toBeLessThanOrEqual(barBox.y + 1);
        expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
      }).toPass();
    });
  });
});
