import type { RsbuildConfig } from '@rsbuild/core';
import CompressionPlugin from 'compression-webpack-plugin';

/** Text a browser downloads: scripts, styles, the page, the federation manifests, the icon. */
const TEXT_ASSETS = /\.(?:js|css|html|json|svg|map)$/;

/**
 * Every text asset of a production build gets a `.br` and a `.gz` beside it, made once at build time at the
 * highest levels (brotli 11, gzip 9): the static servers only pick the file that matches Accept-Encoding
 * (`scripts/serve-app.ts`), so no request pays for compression. Files under 1 KiB are left as they are.
 */
export const precompressedAssets: RsbuildConfig['tools'] = {
  rspack: (_config, { isProd, appendPlugins }) => {
    if (!isProd) return;
    appendPlugins([
      new CompressionPlugin({
        test: TEXT_ASSETS,
        filename: '[path][base].br',
        algorithm: 'brotliCompress', // Node's default quality for it is the highest, 11
        threshold: 1024,
        minRatio: 0.9,
      }),
      new CompressionPlugin({
        test: TEXT_ASSETS,
        filename: '[path][base].gz',
        algorithm: 'gzip',
        compressionOptions: { level: 9 },
        threshold: 1024,
        minRatio: 0.9,
      }),
    ]);
  },
};
