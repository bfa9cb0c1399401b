import { Migrator, sql } from 'kysely';
import { migrations } from './migrations/index';
import type { Db } from './schema';

/** Brings the schema up to date; every start runs it, so a fresh data folder needs no separate step. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name the current one so
  // that several schemas in one database (test runs, shared clusters) keep separate histories.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed${reason}`, { cause: error });
  }
}
