// Builds every front-end app that has no production build yet (all of them with REBUILD=1).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apps } from './apps';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function buildMissing(): void {
  for (const name of Object.keys(apps)) {
    if (process.env.REBUILD === '1' || !existsSync(`${repoRoot}${name}/dist/mf-manifest.json`)) {
      console.log(`building ${name}…`);
      execFileSync('pnpm', ['--filter', `@chat/${name}`, 'build'], { stdio: 'inherit', cwd: repoRoot });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildMissing();
