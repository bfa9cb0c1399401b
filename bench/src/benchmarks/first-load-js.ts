import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import type { BenchContext } from '../lib/context';
import type { FrontEndApp } from '../lib/paths';
import type { Row } from '../lib/report';
import { type Scene, setUpScenes } from '../lib/scenes';
import type { WebStack } from '../lib/web';
import type { Benchmark } from './benchmark';

const TARGET_RATIO = 1.15;
const KiB = 1024;

interface Bytes {
  raw: number;
  gzip: number;
  files: number;
}

export interface FirstLoad {
  total: Bytes;
  byApp: Partial<Record<FrontEndApp, Bytes>>;
  /** Shared packages that more than one container loaded its own copy of: must stay empty. */
  duplicateSingletons: string[];
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' ||
  (response.headers()['content-type'] ?? '').includes('javascript');

/** Shared packages loaded from more than one container, read from the federation runtime's share scope. */
function duplicateSingletons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Version = { from: string; loaded?: boolean; treeShaking?: { loaded?: boolean } };
    type ShareScopes = Record<string, Record<string, Record<string, Version>>>;
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, ShareScopes> } })
      .__FEDERATION__?.__SHARE__;
    const providers = new Map<string, Set<string>>();
    for (const scopes of Object.values(share ?? {})) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        for (const [version, info] of Object.entries(versions)) {
          if (!info.loaded && !info.treeShaking?.loaded) continue;
          providers.set(pkg, (providers.get(pkg) ?? new Set()).add(`${version} from ${info.from}`));
        }
      }
    }
    return [...providers]
      .filter(([, from]) => from.size > 1)
      .map(([pkg, from]) => `${pkg}: ${[...from].join(', ')}`);
  });
}

/**
 * Loads one screen in a fresh browser context (empty cache) and counts the JavaScript it downloads:
 * raw bytes as served, and gzip (level 9) of each file, as a static host with precompression serves them.
 */
export async function measureFirstLoad(
  context: BenchContext,
  stack: WebStack,
  scene: Scene,
  token: string,
): Promise<FirstLoad> {
  const browserContext = await (await context.browser()).newContext();
  try {
    if (scene.signedIn) await signInBrowser(browserContext, stack.origin, token);
    const page = await browserContext.newPage();
    const bodies: Promise<{ app: FrontEndApp; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (isScript(response))
        bodies.push(response.body().then((body) => ({ app: stack.appOf(response.url()), body })));
    });
    await page.goto(`${stack.origin}${scene.path}`);
    await scene.ready(page);
    await page.waitForLoadState('networkidle');
    const duplicates = await duplicateSingletons(page);
    const total: Bytes = { raw: 0, gzip: 0, files: 0 };
    const byApp: FirstLoad['byApp'] = {};
    for (const { app, body } of await Promise.all(bodies)) {
      const gzip = gzipSync(body, { level: 9 }).length;
      byApp[app] ??= { raw: 0, gzip: 0, files: 0 };
      for (const bytes of [total, byApp[app]]) {
        bytes.raw += body.length;
        bytes.gzip += gzip;
        bytes.files += 1;
      }
    }
    return { total, byApp, duplicateSingletons: duplicates };
  } finally {
    await browserContext.close();
  }
}

export const firstLoadJs: Benchmark = {
  name: 'first-load',
  async run(context) {
    const client = await context.client();
    const { session, scenes: all } = await setUpScenes(client);
    const scenes = context.smoke ? all.filter((scene) => scene.path === '/') : all;
    const [federated, monolith] = [await context.federated(), await context.monolith()];
    const rows: Row[] = [];
    const details: Record<string, { federated: FirstLoad; monolith: FirstLoad }> = {};
    for (const scene of scenes) {
      context.log(`first-load JS on ${scene.name}`);
      // Side by side: the two deployments one after the other, on the same data.
      const fed = await measureFirstLoad(context, federated, scene, session.token);
      const mono = await measureFirstLoad(context, monolith, scene, session.token);
      details[scene.name] = { federated: fed, monolith: mono };
      for (const kind of ['gzip', 'raw'] as const) {
        const ratio = fed.total[kind] / mono.total[kind];
        rows.push({
          figure: `first-load JS ${kind}, ${scene.name}`,
          unit: 'KiB',
          n: 1,
          median: fed.total[kind] / KiB,
          versus: mono.total[kind] / KiB,
          target: `≤ ${TARGET_RATIO}×`,
          met: ratio <= TARGET_RATIO,
        });
      }
      for (const app of ['shell', scene.remote] as const) {
        rows.push({
          figure: `  of which ${app}`,
          unit: 'KiB gz',
          n: 1,
          median: (fed.byApp[app]?.gzip ?? 0) / KiB,
        });
      }
      rows.push({
        figure: '  shared packages loaded twice',
        unit: 'count',
        n: 1,
        median: fed.duplicateSingletons.length,
        target: '= 0',
        met: fed.duplicateSingletons.length === 0,
      });
    }
    const home = details['/'];
    return {
      rows,
      details: {
        ...details,
        firstLoadJsRatio: home ? home.federated.total.gzip / home.monolith.total.gzip : null,
      },
    };
  },
};
