import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { searchTextOf } from './search-text';

/** How much one batch looks at: rows read, and characters of their texts. */
export interface BackfillLimits {
  rows: number;
  chars: number;
}

/**
 * One batch of migration 0015's backfill: the messages just below the cursor, newest first, get the
 * `search_text` their `content` gives (the trigger then re-indexes them), and the cursor moves below them,
 * in one statement. A message edited since it was read keeps what its edit wrote (the content must still be
 * the one parsed). Two processes may read the same batch: only the one that moves the cursor writes. Answers
 * whether there may be more; false once the backfill is done (its row gone) or was never owed.
 */
export async function backfillSearchText(db: Db, limits: BackfillLimits): Promise<boolean> {
  const cursor = await db.selectFrom('message_search_backfill').select('below_id').executeTakeFirst();
  if (!cursor) return false;
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'content', 'search_text'])
    .where('id', '<', cursor.below_id)
    .orderBy('id', 'desc')
    .limit(limits.rows)
    .execute();
  if (rows.length === 0) {
    await db.deleteFrom('message_search_backfill').where('below_id', '=', cursor.below_id).execute();
    return false;
  }
  const changed: { id: number; content: string; text: string | null }[] = [];
  let below = cursor.below_id;
  let chars = 0;
  for (const row of rows) {
    if (chars >= limits.chars) break;
    chars += row.content.length;
    below = row.id;
    const text = searchTextOf(row.content);
    if (text !== row.search_text) changed.push({ id: row.id, content: row.content, text });
  }
  await sql`
    WITH moved AS (
      UPDATE message_search_backfill SET below_id = ${below} WHERE below_id = ${cursor.below_id} RETURNING 1
    )
    UPDATE messages AS m SET search_text = v.text
    FROM unnest(
      ${changed.map((row) => row.id)}::integer[], ${changed.map((row) => row.content)}::text[],
      ${changed.map((row) => row.text)}::text[]
    ) AS v (id, content, text)
    WHERE m.id = v.id AND m.content = v.content AND EXISTS (SELECT 1 FROM moved)`.execute(db);
  return true;
}
