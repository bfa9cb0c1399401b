import { type Kysely, sql } from 'kysely';

/**
 * A message's syntax tree is stored with its text (docs/api.md, "The message's tree").
 *
 * - `messages.tree`: the packed tree `include=tree` sends, written by whoever writes `content` (insert, edit,
 *   the test seeder), so a page of history is read without parsing it: parsing a page of 100 formatted
 *   messages took the API about 15 ms, on every first read of that page in every process, and a reader's
 *   browser waited for it (bench/README.md, rich text). Null for a text without Markdown-like characters, and
 *   for the messages stored before this migration, which are parsed when read, as before.
 * - A trigger clears the tree when `content` changes and the same statement does not write a tree of its
 *   own: an API process of an earlier release, which knows nothing of the column, edits the text only, and a
 *   tree made from the old text must never be sent with the new one. (An edit whose new tree is exactly the
 *   old one is cleared too; that text is parsed when read.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN tree jsonb`.execute(db);
  await sql`
    CREATE FUNCTION messages_tree_of_content() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.content IS DISTINCT FROM OLD.content AND NEW.tree IS NOT DISTINCT FROM OLD.tree THEN
        NEW.tree := NULL;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER messages_tree BEFORE UPDATE OF content ON messages
      FOR EACH ROW EXECUTE FUNCTION messages_tree_of_content()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER messages_tree ON messages`.execute(db);
  await sql`DROP FUNCTION messages_tree_of_content()`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN tree`.execute(db);
}
