import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      room_id integer NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      content text NOT NULL DEFAULT '',
      attachment_name text,
      attachment_type text CHECK (attachment_type IN ('image/png', 'image/jpeg')),
      client_msg_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (content <> '' OR attachment_name IS NOT NULL)
    )`.execute(db);
  // Every page query is "room N, ids above/below M": this index answers it without a sort.
  await sql`CREATE INDEX messages_room_id_id ON messages (room_id, id)`.execute(db);
  // A retried send carries the same client_msg_id; this constraint is what makes the retry idempotent.
  await sql`CREATE UNIQUE INDEX messages_user_client_msg_id ON messages (user_id, client_msg_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE messages`.execute(db);
}
