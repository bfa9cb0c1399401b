import { type Kysely, sql } from 'kysely';

/**
 * Search and mentions.
 *
 * - `messages.search`: the text's full-text vector, generated from `content` (so an edit re-indexes it and a
 *   deleted message leaves the index with its row), with the `simple` configuration: every word as written,
 *   lower-cased, no stemming and no stop words, so any language is found as typed and the words a search
 *   marks are the words it matched. A GIN index on it answers `@@`, prefixes (`word:*`) included.
 * - `message_mentions`: the room's members a message names as `@username`, in order of first use
 *   (`position`). `room_id` is the message's, so "mentions of user U in room R after message M" (the room
 *   list's `mention_count`) is one range of `message_mentions_user_room`. Gone with the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages
      ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, content)) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX messages_search ON messages USING gin (search) WITH (fastupdate = off)`.execute(db);
  await sql`
    CREATE TABLE message_mentions (
      message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      room_id integer NOT NULL,
      position smallint NOT NULL,
      PRIMARY KEY (message_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX message_mentions_user_room ON message_mentions (user_id, room_id, message_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_mentions`.execute(db);
  await sql`DROP INDEX messages_search`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN search`.execute(db);
}
