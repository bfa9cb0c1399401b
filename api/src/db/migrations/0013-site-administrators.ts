import { type Kysely, sql } from 'kysely';

/**
 * Site administrators: `users.is_admin`. An administrator may do in any room (never a direct message) what its
 * owner may. Set by an operator only (`pnpm user:admin`, `pnpm user:create --admin`), never through the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN is_admin`.execute(db);
}
