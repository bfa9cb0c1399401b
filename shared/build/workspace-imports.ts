import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The code that ships to the browser: every app's `src/` (an app has an rsbuild.config.ts) and shared's. */
function frontEndSourceDirs(): string[] {
  const apps = readdirSync(workspaceRoot).filter((dir) =>
    existsSync(join(workspaceRoot, dir, 'rsbuild.config.ts')),
  );
  return ['shared', ...apps].map((dir) => join(workspaceRoot, dir, 'src'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter(
      (entry) => !/\.(test|d)\.tsx?$/.test(entry.name) && !/[\\/]testing([\\/]|$)/.test(entry.parentPath),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

const statement = /\b(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;

/** The bindings one import/export clause takes from its module, e.g. `Foo, { a, b as c, type T }`. */
function importedNames(clause: string): { name: string; local: string }[] {
  if (clause.includes('*')) return [{ name: '*', local: '' }];
  const [, head = '', braces = ''] = /^([^{]*)(?:\{([^}]*)\})?/.exec(clause) ?? [];
  const defaultLocal = head.replace(',', '').trim();
  const named = braces
    .split(',')
    .map((specifier) => specifier.trim())
    .filter((specifier) => specifier && !specifier.startsWith('type '))
    .map((specifier) => {
      const [name = '', local = name] = specifier.split(/\s+as\s+/);
      return { name, local };
    });
  return defaultLocal ? [{ name: 'default', local: defaultLocal }, ...named] : named;
}

/**
 * What the front ends take from each package, across the whole workspace: the named imports and the
 * members read from them (`Typography.Title` → `Typography`, `Title`), type-only imports left out.
 * Shared tree-shaking keeps exactly these in whichever app's copy of the package loads first, so each
 * app's build must know every other app's usage. A namespace import cannot be shaken and is refused.
 */
export function workspaceImports(packages: readonly string[]): Record<string, string[]> {
  const used = new Map(packages.map((name) => [name, new Set<string>()]));
  for (const file of frontEndSourceDirs().flatMap(sourceFiles)) {
    const code = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = '', source = ''] of code.matchAll(statement)) {
      const names = used.get(source);
      if (!names || typeOnly) continue;
      for (const { name, local } of importedNames(clause)) {
        if (name === '*') throw new Error(`${file}: import named bindings from ${source}, it is tree-shaken`);
        names.add(name);
        for (const [, member = ''] of code.matchAll(new RegExp(`\\b${local}\\.([A-Za-z_$][\\w$]*)`, 'g'))) {
          names.add(member);
        }
      }
    }
  }
  return Object.fromEntries([...used].map(([name, names]) => [name, [...names].sort()]));
}
