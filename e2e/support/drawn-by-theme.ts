import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * antd's styles reached the screen, in the app's theme: primary buttons in its green with its corners, and
 * cards, fields and dialogs with their surfaces and borders. Under zeroRuntime they come only from the
 * stylesheet the build extracted, so a component it left out would show here as a bare element (a grey
 * native button, a borderless card), for today's remotes and for an older release's alike.
 */
export async function expectDrawnByTheme(page: Page): Promise<void> {
  const primary = page.locator('.ant-btn-primary').first();
  await expect(primary).toHaveCSS('background-color', 'rgb(32, 170, 83)');
  await expect(primary).toHaveCSS('border-top-left-radius', /^(8|10)px$/);
  const surfaces = page.locator('.ant-card, .ant-modal-container, .ant-input-affix-wrapper');
  for (const surface of await surfaces.all()) {
    if (!(await surface.isVisible())) continue;
    await expect(surface).toHaveCSS('border-top-left-radius', /^(8|10)px$/);
    await expect(surface).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  }
}

/**
 * antd built no component styles at run time: every style element it inserted holds CSS variables only (the
 * theme's tokens, which still arrive that way), none a component's rules.
 */
export async function expectNoRuntimeComponentStyles(page: Page): Promise<void> {
  const inserted = await page
    .locator('style[data-css-hash]')
    .evaluateAll((styles) => styles.map((style) => style.textContent ?? ''));
  const rules = inserted.filter((css) => !/^(\.css-var-[\w-]+[^{]*\{--[^{}]*\}\s*)+$/.test(css));
  expect(rules.map((css) => css.slice(0, 120))).toEqual([]);
}
