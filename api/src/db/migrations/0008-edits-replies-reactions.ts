import { type Kysely, sql } from 'kysely';

/**
 * Edits, replies and reactions.
 *
 * - `messages.version`: grows with every change to a message (insert, edit, reaction added or removed). Drawn
 *   from one sequence while the change holds its room's row lock (as a send does before drawing its id), so
 *   versions commit in order within a room: `changed_after` is then a gap-free cursor, like `after_id`.
 *   Existing messages get versions in id order.
 * - `messages.edited_at`: when the author last changed the text.
 * - `messages.reply_to_id`: the message of the same room this one answers. No foreign key: the id stays when the
 *   original is deleted (ids are never reused), and the reply then quotes nothing.
 * - `message_reactions`: one row per (message, user, emoji); the primary key makes adding one idempotent and
 *   counts exact under concurrent requests. `id` orders emojis first used at the same instant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE message_versions AS bigint`.execute(db);
  await sql`
    ALTER TABLE messages
      ADD COLUMN edited_at timestamptz,
      ADD COLUMN reply_to_id integer,
      ADD COLUMN version bigint`.execute(db);
  await sql`
    UPDATE messages SET version = numbered.n
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM messages) AS numbered
    WHERE messages.id = numbered.id`.execute(db);
  await sql`
    SELECT setval('message_versions', coalesce((SELECT max(version) FROM messages), 0) + 1, false)`.execute(
    db,
  );
  await sql`
    ALTER TABLE messages
      ALTER COLUMN version SET DEFAULT nextval('message_versions'),
      ALTER COLUMN version SET NOT NULL`.execute(db);
  await sql`ALTER SEQUENCE message_versions OWNED BY messages.version`.execute(db);
  // A catch-up read's "changed since" half: room N, versions above V, lowest first.
  await sql`CREATE INDEX messages_room_id_version ON messages (room_id, version)`.execute(db);
  await sql`
    CREATE TABLE message_reactions (
      message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      emoji text NOT NULL,
      id bigint GENERATED ALWAYS AS IDENTITY,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, user_id, emoji)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_reactions`.execute(db);
  await sql`DROP INDEX messages_room_id_version`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN version, DROP COLUMN reply_to_id, DROP COLUMN edited_at`.execute(
    db,
  );
  await sql`DROP SEQUENCE IF EXISTS message_versions`.execute(db);
}
