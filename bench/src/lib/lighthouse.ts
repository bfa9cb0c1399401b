import { once } from 'node:events';
import { ACCESS_TOKEN_COOKIE } from '@chat/shared/constants';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { chromiumPath } from '../../../scripts/lib/chromium';
import { primeVisit } from './prime-visit';

export type Preset = 'mobile' | 'desktop';

/** What one Lighthouse run of one page says; scores 0–100 as Lighthouse shows them. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** total-byte-weight: every response the page loaded, as transferred (compressed). */
  bytes: number;
  /** Audits of the accessibility and best-practices categories that failed, to know what to fix. */
  failed: string[];
  /** mainthread-work-breakdown: ms of main-thread work by kind (scriptEvaluation, styleLayout, …), CPU-throttled. */
  mainThread: Record<string, number>;
  /** The element Lighthouse took for the largest contentful paint, as its label ('Chat Room: …'), or ''. */
  lcpElement: string;
  /** bootup-time: each script's main-thread time (evaluation and the calls it made), throttled, biggest first. */
  scripts: ScriptTime[];
  /** network-requests: every response's URL and bytes as transferred (compressed). */
  transfers: { url: string; bytes: number }[];
}

export interface ScriptTime {
  url: string;
  /** All main-thread time attributed to the script (its evaluation, the functions it ran, the layout it forced). */
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

const categories = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * One Lighthouse navigation of `url` in a Chromium of its own (a fresh profile: nothing cached, no cookie but
 * the session's), Lighthouse's own throttling for the preset (mobile: a mid-range phone on slow 4G, simulated).
 * `token` signs the browser in as the login screen does: the access token in its cookie on the page's origin.
 */
export async function runLighthouse(
  url: string,
  {
    preset,
    token,
    repeat = false,
    applied = false,
  }: {
    preset: Preset;
    token?: string | undefined;
    /**
     * The phone's network and CPU applied to the page as it loads (`throttlingMethod: 'devtools'`) rather than
     * simulated from an unthrottled load. Lantern's simulation counts every request that finished before the
     * observed paint as needed for it, and on this machine a page's scripts finish before anything paints: a
     * page whose HTML already holds its content is simulated as if it waited for them.
     */
    applied?: boolean;
    /**
     * A repeat visit: the page visited once first in the same browser (./prime-visit.ts), and Lighthouse's
     * storage reset off, so the run finds what that visit kept (the service worker, its caches, the HTTP cache).
     */
    repeat?: boolean;
  },
): Promise<LighthouseFigures> {
  // A debugging port of its own, free when launched: a fixed one could find a Chromium left behind and reuse it.
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    if (token) await setCookie(chrome.port, url, token);
    if (repeat) await primeVisit(chrome.port, url);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: [...categories],
        disableStorageReset: repeat,
        ...(applied && { throttlingMethod: 'devtools' as const }),
      },
      {
        ...(preset === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' }),
        // Every script, not only those over 50 ms: a federated page runs many small ones (remote entries, shared chunks).
        audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }],
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return figuresOf(result.lhr);
  } finally {
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : Promise.resolve();
    chrome.kill();
    await exited;
  }
}

async function setCookie(port: number, url: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The launched Chromium has no default context');
    await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: new URL(url).origin }]);
  } finally {
    await browser.close();
  }
}

function figuresOf(lhr: Result): LighthouseFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: (typeof categories)[number]) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number')
      throw new Error(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}`);
    return Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = (['accessibility', 'best-practices'] as const).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    failed,
    lcpElement: lcpElementOf(lhr),
    mainThread: Object.fromEntries(
      tableItems(lhr, 'mainthread-work-breakdown').map((item) => [String(item.group), Number(item.duration)]),
    ),
    scripts: tableItems(lhr, 'bootup-time').map((item) => ({
      url: String(item.url),
      totalMs: Number(item.total),
      scriptingMs: Number(item.scripting),
      parseCompileMs: Number(item.scriptParseCompile),
    })),
    transfers: tableItems(lhr, 'network-requests').map((item) => ({
      url: String(item.url),
      bytes: Number(item.transferSize) || 0,
    })),
  };
}

/** The rows of a table audit's details. */
function tableItems(lhr: Result, id: string): Array<Record<string, unknown>> {
  const details = lhr.audits[id]?.details;
  return details?.type === 'table' ? (details.items as Array<Record<string, unknown>>) : [];
}

/** lcp-breakdown-insight lists its subparts' table and then the element itself, as a `node` item. */
function lcpElementOf(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  if (details?.type !== 'list') return '';
  const node = details.items.find((item) => item.type === 'node');
  return node?.type === 'node' ? (node.nodeLabel ?? node.snippet ?? '') : '';
}
