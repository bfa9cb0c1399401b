import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import type { RsbuildPlugin } from '@rsbuild/core';
import { ConfigProvider, theme } from 'antd';
import { createElement, type ReactElement } from 'react';
import { leverOn } from '../src/config/perf-levers';
import { STATIC_STYLES_ATTRIBUTE } from '../src/startup/static-styles';
import { appTheme } from '../src/theme/theme';
import { usedExportsOfTreeShaken } from './shared-dependencies';

const require = createRequire(import.meta.url);

/** antd's `es/` folder, as the workspace installed it. */
function antdEsDir(): string {
  return join(dirname(require.resolve('antd/package.json')), 'es');
}

/** Each export of antd's entry and the folder of `es/` it comes from (`Button` → `button`). */
function exportFolders(esDir: string): Map<string, string> {
  const entry = readFileSync(join(esDir, 'index.js'), 'utf8');
  const folders = new Map<string, string>();
  for (const [, name = '', folder = ''] of entry.matchAll(
    /export \{ default as (\w+) \} from '\.\/([\w-]+)(?:\/[^']*)?';/g,
  ))
    folders.set(name, folder);
  return folders;
}

/** A relative import's file: `./x` is `x.js` or `x/index.js`. */
function resolveImport(file: string, request: string): string | undefined {
  const base = resolve(dirname(file), request);
  return [base, `${base}.js`, join(base, 'index.js')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/** Grid's styles are drawn by its Row and Col, the names extractStyle renders (it skips `Grid` itself). */
const drawnAs: Record<string, string[]> = { grid: ['Row', 'Col'] };

/**
 * The antd components whose styles the given exports can put on screen: the exports themselves and every
 * component their code renders (a Dropdown's Menu, a Form's Row and Col, App's notification and Modal). Found
 * by following `es/`'s imports file by file from each export: a component counts once its `style/` is reached.
 */
export function antdStyledComponents(exports: readonly string[]): string[] {
  const esDir = antdEsDir();
  const folderOf = exportFolders(esDir);
  const styled = new Set<string>();
  const seen = new Set<string>();
  const pending = exports.flatMap((name) => {
    const folder = folderOf.get(name);
    return folder ? [join(esDir, folder, 'index.js')] : [];
  });
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const [folder, sub] = relative(esDir, file).split('/');
    if (folder && sub === 'style') styled.add(folder);
    for (const [, request = ''] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const next = resolveImport(file, request);
      if (next?.startsWith(esDir)) pending.push(next);
    }
  }
  const names = [...folderOf]
    .filter(([name, folder]) => styled.has(folder) && /^([A-Z]|message$|notification$)/.test(name))
    .map(([name]) => name);
  for (const folder of styled) names.push(...(drawnAs[folder] ?? []));
  return [...new Set(names)].sort();
}

interface Extracted {
  css: string;
  /** What the dark algorithm answered for the app's seed while the styles were drawn: `{seed, map}` JSON. */
  darkRecord: string;
}

/**
 * The CSS of every antd component the workspace can render (what the shared, tree-shaken antd exports: a remote
 * that imports more is refused by the deploy check, scripts/check-deploy.ts), drawn with the app's theme, as
 * antd would insert it at run time. Unhashed, as the theme says under zeroRuntime.
 */
function extract(): Extracted {
  let darkRecord = '';
  const recordingDark: typeof theme.darkAlgorithm = (seed, mapToken) => {
    const map = theme.darkAlgorithm(seed, mapToken);
    if (mapToken === undefined) darkRecord = JSON.stringify({ seed: JSON.stringify(seed), map });
    return map;
  };
  const drawing = { ...appTheme, algorithm: recordingDark, zeroRuntime: false, hashed: false };
  const css = extractStyle({
    includes: antdStyledComponents(usedExportsOfTreeShaken().antd ?? []),
    customTheme: (node: ReactElement) => createElement(ConfigProvider, { theme: drawing }, node),
  });
  return { css, darkRecord };
}

/**
 * antd without its style runtime (issue 22): the build extracts the components' CSS once, with the app's theme,
 * into `static/css/antd.<hash>.css`, which every page preloads and applies before its first render
 * (shared/src/startup/static-styles.ts); the theme turns antd's zeroRuntime on. It also hands the app the dark
 * algorithm's answer for the app's seed (shared/src/theme/dark-algorithm.ts). Each part follows its lever.
 */
export const antdStaticStyles: RsbuildPlugin = {
  name: 'chat:antd-static-styles',
  setup(api) {
    const styles = leverOn('antd-static-styles');
    const { css, darkRecord } =
      styles || leverOn('precomputed-theme') ? extract() : { css: '', darkRecord: '' };
    // Defined in every build: an undefined `process.env` member would throw in the browser.
    api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
      mergeRsbuildConfig(config, {
        source: {
          define: {
            'process.env.CHAT_DARK_MAP_TOKEN': JSON.stringify(leverOn('precomputed-theme') ? darkRecord : ''),
          },
        },
      }),
    );
    if (!styles) return;
    const file = `static/css/antd.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
      compilation.emitAsset(file, new sources.RawSource(css));
    });
    api.modifyHTMLTags(({ headTags, bodyTags }, { assetPrefix }) => ({
      headTags: [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'style',
            href: `${assetPrefix}${file}`,
            [STATIC_STYLES_ATTRIBUTE]: true,
          },
        },
        ...headTags,
      ],
      bodyTags,
    }));
  },
};
