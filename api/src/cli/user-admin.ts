import { createDatabase } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { setAdmin } from '../repositories/users';
import { ADMIN_USAGE, parseAdminArgs } from './admin-args';
import { cliConfig, runCli } from './run-cli';

/** `pnpm user:admin <username> [--revoke]`: grants or takes back site administration, an operator's call only. */
async function main(): Promise<number> {
  const args = parseAdminArgs(process.argv.slice(2));
  if (!args) {
    console.error(ADMIN_USAGE);
    return 2;
  }
  const { db } = await createDatabase(cliConfig().database);
  try {
    await migrateToLatest(db);
    const user = await setAdmin(db, args.username, args.admin);
    if (!user) {
      console.error(`There is no user named ${args.username}.`);
      return 1;
    }
    console.log(JSON.stringify({ ...user, is_admin: args.admin }));
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
