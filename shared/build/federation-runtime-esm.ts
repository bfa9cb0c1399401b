import { join } from 'node:path';
import { packageRoot } from './package-root';

/** The federation runtime's packages, each found from the one that depends on it. */
const chain = [
  '@module-federation/rsbuild-plugin',
  '@module-federation/enhanced',
  '@module-federation/runtime-tools',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-core',
] as const;

const subpaths: Record<string, string[]> = {
  '@module-federation/runtime': ['', '/helpers'],
  '@module-federation/runtime-core': [''],
  '@module-federation/sdk': [''],
  '@module-federation/webpack-bundler-runtime': [''],
};

function packageDirs(appDir: string): Map<string, string> {
  const dirs = new Map<string, string>();
  let from = appDir;
  for (const name of chain) {
    from = packageRoot(from, name);
    dirs.set(name, from);
  }
  dirs.set('@module-federation/sdk', packageRoot(from, '@module-federation/sdk'));
  return dirs;
}

/**
 * Rspack finds the federation runtime with Node's `require.resolve`, so every app bundles its
 * CommonJS build, which the bundler cannot tree-shake: the snapshot and remote-loading code stays
 * even where `experiments.optimization` switches it off. These aliases swap each CommonJS file for
 * its ES module twin, so the switches actually drop code.
 */
export function federationRuntimeEsmAliases(appDir: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const [name, dir] of packageDirs(appDir)) {
    for (const subpath of subpaths[name] ?? []) {
      const file = subpath === '' ? 'index' : subpath.slice(1);
      const esm = join(dir, 'dist', `${file}.js`);
      aliases[`${name}${subpath}$`] = esm;
      aliases[join(dir, 'dist', `${file}.cjs`)] = esm;
    }
  }
  return aliases;
}
