import type { RsbuildPlugin } from '@rsbuild/core';
import { loadedOnDemand } from './shared-dependencies';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[] } };
}

/**
 * The shell's entry finds the chunks it starts with only as it runs: `./bootstrap` and its vendor chunks,
 * then, federated, each shared package as the share scope reaches it and the packages those import (antd,
 * then @chat/shared, then zustand). On a phone each of those waves is a round trip.
 * This lists them in the page as preloads, so they download alongside the entry: the chunks of
 * `./bootstrap`, and the shell's own copy of every shared package a screen starts with (loaded-first: the
 * shell's copies are the ones a page uses; a few kilobytes of them, parts of react-dom and zustand, go
 * unused), not Echo's, which loads on demand.
 * At low priority, as the chunks themselves would be asked for: at high priority they were taken for
 * render-blocking scripts (Lighthouse then held the first paint for all of them, 0.6 → 1.4 s on a phone).
 */
export const preloadStartupChunks: RsbuildPlugin = {
  name: 'chat:preload-startup-chunks',
  setup(api) {
    api.modifyHTMLTags(({ headTags, bodyTags }, { compilation, assetPrefix }) => {
      const bootstrap = [...(compilation.entrypoints.get('index')?.childrenIterable ?? [])].filter((group) =>
        group.origins.some((origin) => origin.request === './bootstrap'),
      );
      const manifest = compilation.getAsset('mf-manifest.json')?.source.source().toString();
      const shared = manifest ? (JSON.parse(manifest).shared as ManifestShared[]) : [];
      const files = new Set([
        ...bootstrap.flatMap((group) => group.getFiles()),
        ...shared.filter((pkg) => !loadedOnDemand.includes(pkg.name)).flatMap((pkg) => pkg.assets.js.sync),
      ]);
      const preloads = [...files]
        .filter((file) => file.endsWith('.js'))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${assetPrefix}${file}` },
        }));
      return { headTags: [...headTags, ...preloads], bodyTags };
    });
  },
};
