import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rooms (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL,
      max_members integer NOT NULL CHECK (max_members BETWEEN 2 AND 1000),
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The primary key makes "join twice" a no-op and serves "members of room N" counts.
  await sql`
    CREATE TABLE room_members (
      room_id integer NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX room_members_user_id ON room_members (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE room_members`.execute(db);
  await sql`DROP TABLE rooms`.execute(db);
}
