import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/lib/chromium';

/** Debian's Chromium, as every run here launches it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export interface Appearance {
  /** ms since the page's navigation started. */
  sinceNavigation: number;
  /** ms since the epoch, comparable between pages of one machine. */
  epoch: number;
}

/**
 * In every page of the context, from its first script on: when each text matching `pattern` first enters
 * the DOM. A mutation observer looks only at what was added, so watching costs the page little and the
 * figure does not depend on how often the benchmark polls.
 */
export async function recordAppearances(context: BrowserContext, pattern: RegExp): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await context.addInitScript(
    ({ source, flags }) => {
      const seen: Record<string, { sinceNavigation: number; epoch: number }> = {};
      Object.assign(window, { __benchSeen: seen });
      const regex = new RegExp(source, flags.includes('g') ? flags : `${flags}g`);
      new MutationObserver((records) => {
        const now = performance.now();
        for (const record of records) {
          const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
          for (const node of nodes) {
            // Text outside the frame the HTML paints before any script (aria-hidden): that is not the screen.
            const texts: Node[] = [];
            if (node.nodeType === Node.TEXT_NODE) texts.push(node);
            const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) texts.push(walker.currentNode);
            const shown = texts
              .filter((text) => !text.parentElement?.closest('[aria-hidden="true"]'))
              .map((text) => text.textContent ?? '')
              .join(' ');
            for (const [match] of shown.matchAll(regex)) {
              if (!(match in seen))
                seen[match] = { sinceNavigation: now, epoch: performance.timeOrigin + now };
            }
          }
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

export function appearances(page: Page): Promise<Record<string, Appearance>> {
  return page.evaluate(() => (window as unknown as { __benchSeen: Record<string, Appearance> }).__benchSeen);
}
