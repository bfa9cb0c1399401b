import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where package `name`, as resolved from the package in `fromDir`, is installed; and its manifest. */
export function installedPackage(fromDir: string, name: string): { dir: string; version: string } {
  let dir = dirname(createRequire(join(fromDir, 'package.json')).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (manifest.name === name) return { dir, version: manifest.version };
    } catch {
      // no package.json at this level: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the installed ${name} from ${fromDir}`);
    dir = parent;
  }
}

export function packageRoot(fromDir: string, name: string): string {
  return installedPackage(fromDir, name).dir;
}
