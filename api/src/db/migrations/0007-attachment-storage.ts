import { type Kysely, sql } from 'kysely';

/**
 * Uploaded images inside the database (attachments/database-attachment-store), so that every API process, on
 * any machine, serves every image. Used with `ATTACHMENT_STORE=database` (the default with DATABASE_URL); the
 * file store leaves these tables empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE attachments (
      name text PRIMARY KEY,
      size integer NOT NULL CHECK (size >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE attachment_chunks (
      name text NOT NULL REFERENCES attachments (name) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 0),
      data bytea NOT NULL,
      PRIMARY KEY (name, seq)
    )`.execute(db);
  // PNG and JPEG are compressed already: spare PostgreSQL trying again on every chunk it stores.
  await sql`ALTER TABLE attachment_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE attachment_chunks`.execute(db);
  await sql`DROP TABLE attachments`.execute(db);
}
