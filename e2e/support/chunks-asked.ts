import type { Page } from '@playwright/test';

/** The chunks a page asks for from now on whose file name starts with `name` (the parser's, the highlighter's). */
export function chunksAsked(page: Page, name: string): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.split('/').at(-1)?.startsWith(`${name}.`)) asked.push(request.url());
  });
  return asked;
}
