import { restoreBackup } from '../backup/restore-backup';
import { parseBackupArgs, RESTORE_USAGE } from './backup-args';
import { cliConfig, runCli } from './run-cli';

/** `pnpm db:restore FILE [--replace]` (see backup/restore-backup). */
async function main(): Promise<number> {
  const args = parseBackupArgs(process.argv.slice(2), { replace: true });
  if (!args) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  const config = cliConfig();
  const { database, attachments } = await restoreBackup(config, args.file, { replace: args.replace });
  const where =
    database === 'pglite' ? config.database.kind === 'pglite' && config.database.dataDir : 'PostgreSQL';
  console.log(
    `Restored ${args.file}: the database into ${where}, ${attachments} image file(s) into ${config.storageDir}. Start the API.`,
  );
  return 0;
}

runCli(main);
