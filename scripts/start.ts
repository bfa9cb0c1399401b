// `pnpm start`: builds whatever app has no production build yet, then serves all of them and the API.
// Ctrl-C stops everything. Set REBUILD=1 to rebuild every app first.
import concurrently from 'concurrently';
import { apps } from './apps';
import { buildMissing } from './build-missing';

buildMissing();
const names = Object.keys(apps);

const { result } = concurrently(
  [
    { name: 'api', command: 'pnpm --filter @chat/api start', prefixColor: 'magenta' },
    ...names.map((name) => ({ name, command: `tsx scripts/serve-app.ts ${name}`, prefixColor: 'cyan' })),
  ],
  { killOthersOn: ['failure'], handleInput: false },
);
result.catch(() => process.exit(1));
