import { type Kysely, sql } from 'kysely';

/**
 * Link previews (docs/api.md, Link previews).
 *
 * - `link_previews`: what the API read from a page, per URL, for `LINK_PREVIEW_CACHE_MINUTES` from
 *   `fetched_at`; `failed` remembers a page that gave nothing, so it is not asked again meanwhile.
 *   `image_name` is the page's image re-encoded into the attachment store, shared by every message
 *   linking there.
 * - `messages.preview_url`: the preview shown under the message (a `link_previews` key), set once it was read.
 *   `preview_removed`: someone who may removed it; it never comes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE link_previews (
      url text PRIMARY KEY,
      title text,
      description text,
      site_name text,
      image_name text,
      failed boolean NOT NULL DEFAULT false,
      fetched_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN preview_url text`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN preview_removed boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN preview_removed`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN preview_url`.execute(db);
  await sql`DROP TABLE link_previews`.execute(db);
}
