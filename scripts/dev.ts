// `pnpm dev`: every app on its Rsbuild dev server with hot reload, and the API in watch mode.
import concurrently from 'concurrently';
import { apps } from './apps';

const { result } = concurrently(
  [
    { name: 'api', command: 'pnpm --filter @chat/api dev', prefixColor: 'magenta' },
    ...Object.keys(apps).map((name) => ({
      name,
      command: `pnpm --filter @chat/${name} dev`,
      prefixColor: 'cyan',
    })),
  ],
  { killOthersOn: ['failure'] },
);
result.catch(() => process.exit(1));
