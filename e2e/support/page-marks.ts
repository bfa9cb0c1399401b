import type { Page } from '@playwright/test';

/** Marks the current document: a full page load wipes the mark, client-side navigation keeps it. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { e2eMark: true }));
export const documentIsMarked = (page: Page) => page.evaluate(() => 'e2eMark' in window);
