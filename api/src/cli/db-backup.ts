import { statSync } from 'node:fs';
import { takeBackup } from '../backup/take-backup';
import { loadConfig, loadEnvFile } from '../config';
import { BACKUP_USAGE, parseBackupArgs } from './backup-args';

/** `pnpm db:backup FILE` (see backup/take-backup). */
async function main(): Promise<number> {
  const args = parseBackupArgs(process.argv.slice(2), { replace: false });
  if (!args) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  loadEnvFile();
  const config = loadConfig({ ...process.env, SEED_DEMO_USERS: 'false' });
  const { via } = await takeBackup(config, args.file);
  const megabytes = (statSync(args.file).size / 1e6).toFixed(1);
  console.log(
    `Backed up ${config.database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} and the images through ${via} into ${args.file} (${megabytes} MB).`,
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
