// Soketi 1.6.1, the scaled topology's websocket server, installed on demand into .scale/soketi (git ignores
// it), so the workspace's own `pnpm install` never pulls its ~300 packages. Run alone, it only installs:
// `tsx scripts/scale/soketi.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const soketiDir = join(repoRoot, '.scale', 'soketi');
const packageDir = join(soketiDir, 'node_modules', '@soketi', 'soketi');
export const soketiBin = join(packageDir, 'bin', 'server.js');

/**
 * Soketi depends on uWebSockets.js by a GitHub URL, which machines without GitHub access cannot fetch; the
 * registry's republish of uWS 20.30 ships the same native API with binaries for Node 18–21 (ABI 108/115).
 */
const manifest = {
  name: 'chat-scale-soketi',
  private: true,
  description: 'Installed by scripts/scale/soketi.ts; not part of the workspace.',
  dependencies: { '@soketi/soketi': '1.6.1' },
  overrides: { 'uWebSockets.js': 'npm:@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0' },
};

/** Installed, at this manifest, with a native uWS binary this Node can load. */
export function soketiInstalled(): boolean {
  const uwsBinary = join(
    soketiDir,
    'node_modules',
    'uWebSockets.js',
    'binaries',
    `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`,
  );
  const manifestFile = join(soketiDir, 'package.json');
  return (
    existsSync(soketiBin) &&
    existsSync(uwsBinary) &&
    existsSync(manifestFile) &&
    readFileSync(manifestFile, 'utf8') === `${JSON.stringify(manifest, null, 2)}\n`
  );
}

/** Idempotent: a no-op once installed; concurrent callers (a start and a test run) wait for one install. */
export function installSoketi(log: (line: string) => void = console.log): void {
  if (soketiInstalled()) return;
  mkdirSync(soketiDir, { recursive: true });
  log(`installing Soketi 1.6.1 into ${soketiDir} (once; about 300 MB)…`);
  const script = [
    `test -f package.json && cmp -s package.json manifest.json && test -f ${JSON.stringify(soketiBin)} && exit 0`,
    'cp manifest.json package.json',
    'npm install --no-audit --no-fund --loglevel=error',
  ].join('; ');
  writeFileSync(join(soketiDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync('flock', [join(soketiDir, '.install.lock'), 'sh', '-c', script], {
    cwd: soketiDir,
    stdio: 'inherit',
  });
  if (!soketiInstalled())
    throw new Error(`Soketi did not install into ${soketiDir}: no uWS binary for Node ${process.version}?`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) installSoketi();
