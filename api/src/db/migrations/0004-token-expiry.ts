import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Tokens issued before expiry existed start their idle window and a 30-day lifetime at the deploy, rather
  // than all dying at once (or never). New tokens get their `expires_at` from AUTH_TOKEN_LIFETIME_MINUTES.
  await sql`
    ALTER TABLE personal_access_tokens
      ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days'`.execute(db);
  await sql`ALTER TABLE personal_access_tokens ALTER COLUMN expires_at DROP DEFAULT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE personal_access_tokens DROP COLUMN expires_at, DROP COLUMN last_used_at`.execute(db);
}
