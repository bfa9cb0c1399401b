import { statSync } from 'node:fs';
import { takeBackup } from '../backup/take-backup';
import { BACKUP_USAGE, parseBackupArgs } from './backup-args';
import { cliConfig, runCli } from './run-cli';

/** `pnpm db:backup FILE` (see backup/take-backup). */
async function main(): Promise<number> {
  const args = parseBackupArgs(process.argv.slice(2), { replace: false });
  if (!args) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  const config = cliConfig();
  const { via } = await takeBackup(config, args.file);
  const megabytes = (statSync(args.file).size / 1e6).toFixed(1);
  console.log(
    `Backed up ${config.database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} and the images through ${via} into ${args.file} (${megabytes} MB).`,
  );
  return 0;
}

runCli(main);
