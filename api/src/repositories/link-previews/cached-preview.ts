import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** Whether `url` was read less than `maxAgeSeconds` ago, and whether it gave a preview then; null if not. */
export async function cachedPreview(
  db: Db,
  url: string,
  maxAgeSeconds: number,
): Promise<{ failed: boolean } | null> {
  const row = await db
    .selectFrom('link_previews')
    .select('failed')
    .where('url', '=', url)
    .where('fetched_at', '>', sql<Date>`now() - make_interval(secs => ${maxAgeSeconds})`)
    .executeTakeFirst();
  return row ?? null;
}
