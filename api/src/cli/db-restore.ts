import { restoreBackup } from '../backup/restore-backup';
import { loadConfig, loadEnvFile } from '../config';
import { parseBackupArgs, RESTORE_USAGE } from './backup-args';

/** `pnpm db:restore FILE [--replace]` (see backup/restore-backup). */
async function main(): Promise<number> {
  const args = parseBackupArgs(process.argv.slice(2), { replace: true });
  if (!args) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  loadEnvFile();
  const config = loadConfig({ ...process.env, SEED_DEMO_USERS: 'false' });
  const { database, attachments } = await restoreBackup(config, args.file, { replace: args.replace });
  const where =
    database === 'pglite' ? config.database.kind === 'pglite' && config.database.dataDir : 'PostgreSQL';
  console.log(
    `Restored ${args.file}: the database into ${where}, ${attachments} image file(s) into ${config.storageDir}. Start the API.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
