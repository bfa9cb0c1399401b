import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const BACKUP_USAGE = `Usage: pnpm db:backup FILE
Saves the database and the uploaded images into FILE (a tar), while the API runs. Reads the API's variables
(DATABASE_URL, DATA_DIR; also from api/.env).`;

export const RESTORE_USAGE = `Usage: pnpm db:restore FILE [--replace]
Puts a db:backup FILE back where the API's variables point (DATABASE_URL, DATA_DIR; also from api/.env).
Stop the API first. A database that already holds users or messages is refused unless --replace is given,
which deletes its current data and images.`;

/** FILE as the operator typed it, relative to where they ran pnpm (pnpm runs scripts in the package folder). */
export function parseBackupArgs(
  argv: string[],
  options: { replace: boolean },
): { file: string; replace: boolean } | null {
  let parsed: { values: { replace?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: { replace: { type: 'boolean' } }, allowPositionals: true });
  } catch {
    // An option it does not know.
    return null;
  }
  const [file, ...rest] = parsed.positionals;
  const replace = parsed.values.replace === true;
  if (!file || rest.length > 0 || (replace && !options.replace)) return null;
  return { file: resolve(process.env.INIT_CWD ?? process.cwd(), file), replace };
}
