import { sql } from 'kysely';
import type { Db } from '../../db/schema';

export interface ReadPreview {
  title: string;
  description: string | null;
  site_name: string | null;
  image_name: string | null;
}

/**
 * What a page gave this time, or null when it gave nothing. A failure only renews the time of a preview read
 * before (the messages showing it keep it, and it is not asked again for the cache time). Answers the image
 * name the new read replaced, now the caller's to remove from the store.
 */
export async function savePreview(db: Db, url: string, read: ReadPreview | null): Promise<string | null> {
  const { rows } = await sql<{ replaced: string | null }>`
    WITH old AS (SELECT image_name FROM link_previews WHERE url = ${url})
    INSERT INTO link_previews AS lp (url, title, description, site_name, image_name, failed, fetched_at)
    VALUES (${url}, ${read?.title ?? null}, ${read?.description ?? null}, ${read?.site_name ?? null},
      ${read?.image_name ?? null}, ${read === null}, now())
    ON CONFLICT (url) DO UPDATE SET
      title = CASE WHEN excluded.failed THEN lp.title ELSE excluded.title END,
      description = CASE WHEN excluded.failed THEN lp.description ELSE excluded.description END,
      site_name = CASE WHEN excluded.failed THEN lp.site_name ELSE excluded.site_name END,
      image_name = CASE WHEN excluded.failed THEN lp.image_name ELSE excluded.image_name END,
      failed = excluded.failed AND lp.failed,
      fetched_at = excluded.fetched_at
    RETURNING (SELECT image_name FROM old WHERE ${read !== null} AND image_name IS DISTINCT FROM lp.image_name) AS replaced`.execute(
    db,
  );
  return rows[0]?.replaced ?? null;
}
