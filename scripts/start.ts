// `pnpm start`: builds whatever app has no production build yet, then serves all of them and the API.
// Ctrl-C stops everything. Set REBUILD=1 to rebuild every app first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import concurrently from 'concurrently';
import { apps } from './apps';

const names = Object.keys(apps);
for (const name of names) {
  if (process.env.REBUILD === '1' || !existsSync(`${name}/dist/mf-manifest.json`)) {
    console.log(`building ${name}…`);
    execFileSync('pnpm', ['--filter', `@chat/${name}`, 'build'], { stdio: 'inherit' });
  }
}

const { result } = concurrently(
  [
    { name: 'api', command: 'pnpm --filter @chat/api start', prefixColor: 'magenta' },
    ...names.map((name) => ({ name, command: `tsx scripts/serve-app.ts ${name}`, prefixColor: 'cyan' })),
  ],
  { killOthersOn: ['failure'], handleInput: false },
);
result.catch(() => process.exit(1));
