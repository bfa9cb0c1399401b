import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL,
      password_hash text NOT NULL,
      image text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Usernames are unique regardless of case, so `Alice` cannot impersonate `alice`.
  await sql`CREATE UNIQUE INDEX users_username_unique ON users (lower(username))`.execute(db);
  await sql`
    CREATE TABLE personal_access_tokens (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX personal_access_tokens_user_id ON personal_access_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE personal_access_tokens`.execute(db);
  await sql`DROP TABLE users`.execute(db);
}
