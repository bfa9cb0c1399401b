import { type Kysely, sql } from 'kysely';

/**
 * Search reads the words people read, not the Markdown around them (docs/api.md, search).
 *
 * - `messages.search_text`: the text as `searchableText` (@chat/shared/searchable-text) shows it, as long as
 *   `content` with every hidden character (markup, link addresses) a space, so highlights found in it are
 *   offsets into `content`; null when it equals `content` (a text without markup: most of them, and every
 *   row the test seeder writes). Whoever writes `content` writes it too (insert and edit, in the API).
 * - `messages.search` is no longer generated from `content` but kept by a trigger from
 *   `coalesce(search_text, content)`: a generated column cannot change its expression without rewriting the
 *   table and its index at start-up (a minute on a 1,000,000-message embedded database, every request waiting),
 *   whereas dropping the expression keeps the stored vectors and costs nothing. Rows inserted by hand still
 *   get a vector, of their raw text.
 * - `message_search_backfill`: the messages already stored are given their `search_text` after start-up, in
 *   small batches behind the requests, newest first (services/backfill-search-text), below `below_id`; the row
 *   goes when it is done. None for a database without messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN search_text text`.execute(db);
  await sql`ALTER TABLE messages ALTER COLUMN search DROP EXPRESSION`.execute(db);
  await sql`
    CREATE FUNCTION messages_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search := to_tsvector('simple'::regconfig, coalesce(NEW.search_text, NEW.content));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER messages_search BEFORE INSERT OR UPDATE OF content, search_text ON messages
      FOR EACH ROW EXECUTE FUNCTION messages_search_vector()`.execute(db);
  await sql`CREATE TABLE message_search_backfill (below_id integer NOT NULL)`.execute(db);
  // From the top of the id range rather than the newest id: a send of an API not yet upgraded, meanwhile,
  // is covered too.
  await sql`
    INSERT INTO message_search_backfill (below_id)
    SELECT 2147483647 WHERE EXISTS (SELECT 1 FROM messages)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_search_backfill`.execute(db);
  await sql`DROP TRIGGER messages_search ON messages`.execute(db);
  await sql`DROP FUNCTION messages_search_vector()`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN search`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN search_text`.execute(db);
  await sql`
    ALTER TABLE messages
      ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, content)) STORED`.execute(
    db,
  );
  await sql`
    CREATE INDEX messages_room_search ON messages USING gin (room_id, search) WITH (fastupdate = off)`.execute(
    db,
  );
}
