import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { contractDocument, OPENAPI_FILE } from '../openapi/contract-app';
import { runCli } from './run-cli';

/** `pnpm --filter @chat/api openapi`: writes the routes' schemas as docs/openapi.json (CI checks it is current). */
async function main(): Promise<number> {
  await writeFile(OPENAPI_FILE, await contractDocument());
  console.log(`wrote ${relative(process.cwd(), OPENAPI_FILE)}`);
  return 0;
}

runCli(main);
