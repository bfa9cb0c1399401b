import { createDatabase } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { listAudit } from '../repositories/audit-log';
import { AUDIT_USAGE, parseAuditArgs } from './audit-args';
import { cliConfig, runCli } from './run-cli';

/**
 * `pnpm audit`: what room owners did (settings, invitations, removals, ownership), newest first, one JSON
 * object a line, for an operator. With the embedded database, stop the API first (PGlite admits one process).
 */
async function main(): Promise<number> {
  const args = parseAuditArgs(process.argv.slice(2));
  if (!args) {
    console.error(AUDIT_USAGE);
    return 2;
  }
  const { db } = await createDatabase(cliConfig().database);
  try {
    await migrateToLatest(db);
    for (const record of await listAudit(db, args)) console.log(JSON.stringify(record));
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
