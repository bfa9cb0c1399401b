import { type Kysely, sql } from 'kysely';

/**
 * Link previews no message shows any more are deleted once their cache time is over (`LinkPreviews.prune`,
 * docs/api.md, Link previews). Whether a message still shows one is asked per preview: this index answers it
 * without reading the messages, and holds only the few messages that have a preview.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX messages_shown_preview ON messages (preview_url)
      WHERE preview_url IS NOT NULL AND NOT preview_removed`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX messages_shown_preview`.execute(db);
}
