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

export function sourceFiles(dir: string): string[] {
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
 * What one module takes from each of `packages`: its named imports and the members it reads from them
 * (`Typography.Title` → `Typography`, `Title`; off for a package whose members are plain objects), type-only
 * imports left out. A namespace import cannot be
 * tree-shaken and is refused.
 */
export function importsIn(
  code: string,
  packages: readonly string[],
  { memberReads = true }: { memberReads?: boolean } = {},
): Record<string, string[]> {
  const used = new Map(packages.map((name) => [name, new Set<string>()]));
  for (const [, typeOnly, clause = '', source = ''] of code.matchAll(statement)) {
    const names = used.get(source);
    if (!names || typeOnly) continue;
    for (const { name, local } of importedNames(clause)) {
      if (name === '*') throw new Error(`Import named bindings from ${source}: it is tree-shaken`);
      names.add(name);
      if (!memberReads) continue;
      const memberRead = new RegExp(`(?<![\\w$.])${local.replaceAll('$', '\\$')}\\.([A-Za-z_$][\\w$]*)`, 'g');
      for (const [, member = ''] of code.matchAll(memberRead)) names.add(member);
    }
  }
  return Object.fromEntries([...used].map(([name, names]) => [name, [...names].sort()]));
}

/**
 * `importsIn` over the whole workspace. Shared tree-shaking keeps exactly these exports in whichever
 * app's copy of a package loads first, so each app's build must know every other app's usage.
 */
export function workspaceImports(packages: readonly string[]): Record<string, string[]> {
  const used = new Map(packages.map((name) => [name, new Set<string>()]));
  for (const file of frontEndSourceDirs().flatMap(sourceFiles)) {
    let imports: Record<string, string[]>;
    try {
      imports = importsIn(readFileSync(file, 'utf8'), packages);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    for (const [name, names] of Object.entries(imports)) for (const each of names) used.get(name)?.add(each);
  }
  return Object.fromEntries([...used].map(([name, names]) => [name, [...names].sort()]));
}
