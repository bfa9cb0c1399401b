import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Deletes up to `limit` previews read more than `olderThanSeconds` ago that no message shows: every message
 * that showed one was deleted or had it removed, and a failed read none ever shows. A preview still inside its
 * cache time stays even unshown: the next message linking there takes it without reading the page again, and a
 * preview being attached right now is always inside it. Answers how many went and their images, now the
 * caller's to remove from the store.
 */
export async function prunePreviews(
  db: Db,
  olderThanSeconds: number,
  limit: number,
): Promise<{ deleted: number; images: string[] }> {
  const { rows } = await sql<{ image_name: string | null }>`
    DELETE FROM link_previews WHERE url IN (
      SELECT lp.url FROM link_previews AS lp
      WHERE lp.fetched_at < now() - make_interval(secs => ${olderThanSeconds})
        AND NOT EXISTS (
          SELECT 1 FROM messages AS m
          WHERE m.preview_url = lp.url AND NOT m.preview_removed)
      LIMIT ${limit})
    RETURNING image_name`.execute(db);
  return { deleted: rows.length, images: rows.flatMap((row) => (row.image_name ? [row.image_name] : [])) };
}
