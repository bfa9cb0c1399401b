import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { FEDERATION_CONTRACT_FILE, type FederationContract } from '../src/contracts/federation-contract';
import { installedPackage } from './package-root';
import { packageNameOf, singletonPackages, treeShaken, usedExportsOfTreeShaken } from './shared-dependencies';
import { importsIn, sourceFiles } from './workspace-imports';

const sharedEntry = new URL('../src/index.ts', import.meta.url).pathname;

/**
 * The runtime exports of @chat/shared's browser entry, following its `export * from` chain (types left out):
 * what a host's copy of @chat/shared offers a remote.
 */
export function sharedExportNames(entry = sharedEntry): string[] {
  const names = new Set<string>();
  const code = readFileSync(entry, 'utf8');
  for (const [, from = ''] of code.matchAll(/^export \* from '([^']+)';/gm)) {
    const base = resolve(dirname(entry), from);
    const file = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
    if (file) for (const name of sharedExportNames(file)) names.add(name);
  }
  for (const [, list = ''] of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const specifier of list.split(',')) {
      const name = specifier
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  for (const [, name = ''] of code.matchAll(
    /^export (?:async )?(?:function\*?|const|let|class|enum) ([A-Za-z_$][\w$]*)/gm,
  )) {
    names.add(name);
  }
  return [...names].sort();
}

function gitCommit(appDir: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: appDir, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The contract of the app in `appDir`: its copies of the singletons, and what its own `src/` imports. */
export function federationContract(app: string, appDir: string): FederationContract {
  const shaken = usedExportsOfTreeShaken();
  const ownImports = new Map<string, Set<string>>();
  for (const file of sourceFiles(join(appDir, 'src'))) {
    const code = readFileSync(file, 'utf8');
    const imports = {
      ...importsIn(code, treeShaken),
      // Its members are objects (`routes.room`), not exports: only the names imported count.
      ...importsIn(code, ['@chat/shared'], { memberReads: false }),
    };
    for (const [name, exports] of Object.entries(imports)) {
      if (exports.length === 0) continue;
      const set = ownImports.get(name) ?? new Set<string>();
      for (const each of exports) set.add(each);
      ownImports.set(name, set);
    }
  }
  const provides: FederationContract['provides'] = {};
  const needs: FederationContract['needs'] = {};
  for (const request of singletonPackages) {
    const { version } = installedPackage(appDir, packageNameOf(request));
    const kept = request === '@chat/shared' ? sharedExportNames() : shaken[request];
    provides[request] = { version, ...(kept && { exports: kept }) };
    const imported = ownImports.get(request);
    needs[request] = { requiredVersion: `^${version}`, ...(imported && { exports: [...imported].sort() }) };
  }
  return { app, builtAt: new Date().toISOString(), commit: gitCommit(appDir), provides, needs };
}

/**
 * Writes `federation-contract.json` beside the manifest of every production build, so a remote's pipeline
 * can ask a deployed shell whether it may deploy (`scripts/check-deploy.ts`), and a shell can say why a
 * remote it loaded does not fit.
 */
export function federationContractPlugin(app: string): RsbuildPlugin {
  return {
    name: 'chat:federation-contract',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        const contract = federationContract(app, api.context.rootPath);
        compilation.emitAsset(FEDERATION_CONTRACT_FILE, new sources.RawSource(JSON.stringify(contract)));
      });
    },
  };
}
