import { mayHaveMarkup } from '@chat/shared/may-have-markup';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { memberCte } from '../../repositories/messages/membership';
import { textColumnsOf } from '../../repositories/messages/text-columns';

export type SeedOutcome =
  /** `previousId`: the message just before `lastId` in the room (null: none). */
  | { status: 'created'; count: number; firstId: number; lastId: number; previousId: number | null }
  | { status: 'not_found' }
  | { status: 'not_member' };

/** A word of a seeded vocabulary: appended to message number n when n is a multiple of `every`. */
export interface SeedWord {
  word: string;
  every: number;
}

/**
 * For tests and benchmarks only: `count` messages `{prefix} {from}`…`{prefix} {from + count - 1}` from one
 * member, in one statement, each followed by the `words` whose `every` divides its number, in the order given
 * (so a word of `every: 100` is in 1 % of them, and two words are a phrase where both are). generate_series
 * feeds the insert in order, so ids increase with the number; the room row is locked as a send locks it, so
 * the batch commits in order with concurrent sends. When the prefix or a word may hold Markdown, the texts
 * are then given the columns a send writes with its text (`search_text` and `tree`, textColumnsOf), so a seeded
 * formatted room is read and searched as one whose messages were sent; plain words (the search benchmark's
 * million messages) are searched as written and need neither.
 */
export async function seedMessages(
  db: Db,
  seed: { roomId: number; userId: number; count: number; prefix: string; from?: number; words?: SeedWord[] },
): Promise<SeedOutcome> {
  const { roomId, userId } = seed;
  const from = seed.from ?? 1;
  const words = seed.words ?? [];
  const vocabulary =
    words.length === 0
      ? sql``
      : sql` || coalesce((
          SELECT string_agg(' ' || w.word, '' ORDER BY w.ord)
          FROM unnest(${words.map((w) => w.word)}::text[], ${words.map((w) => w.every)}::integer[])
            WITH ORDINALITY AS w (word, every, ord)
          WHERE n % w.every = 0), '')`;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    count: number;
    first_id: number | null;
    last_id: number | null;
    previous_id: number | null;
  }>`
    WITH room AS (
      SELECT id, last_message_id FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), ${memberCte(roomId, userId)}, inserted AS (
      INSERT INTO messages (room_id, user_id, content)
      SELECT room.id, ${userId}::integer, ${seed.prefix}::text || ' ' || n${vocabulary}
      FROM room, generate_series(${from}::integer, ${from + seed.count - 1}::integer) AS n
      WHERE EXISTS (SELECT 1 FROM member)
      ORDER BY n
      RETURNING id
    ), moved_on AS (
      UPDATE rooms SET last_message_id = (SELECT max(id) FROM inserted)
      WHERE id = ${roomId} AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT count(*)::integer FROM inserted) AS count,
      (SELECT min(id) FROM inserted) AS first_id,
      (SELECT max(id) FROM inserted) AS last_id,
      coalesce(
        (SELECT id FROM inserted ORDER BY id DESC OFFSET 1 LIMIT 1),
        (SELECT last_message_id FROM room)
      ) AS previous_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member || row.first_id === null || row.last_id === null) return { status: 'not_member' };
  if (mayHaveMarkup(seed.prefix) || words.some(({ word }) => mayHaveMarkup(word)))
    await writeTextColumns(db, roomId, row.first_id, row.last_id);
  // Statistics as autovacuum would soon gather them after such a load, so a seeded room is read the way a
  // long-lived one is (PGlite has no autovacuum at all).
  await sql`ANALYZE messages`.execute(db);
  return {
    status: 'created',
    count: row.count,
    firstId: row.first_id,
    lastId: row.last_id,
    previousId: row.previous_id,
  };
}

const TEXT_COLUMNS_BATCH = 5000;

/** The seeded messages from `firstId` to `lastId` get the columns a send writes with a text that holds Markdown. */
async function writeTextColumns(db: Db, roomId: number, firstId: number, lastId: number): Promise<void> {
  for (let from = firstId; from <= lastId; from += TEXT_COLUMNS_BATCH) {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('room_id', '=', roomId)
      .where('id', '>=', from)
      .where('id', '<', Math.min(from + TEXT_COLUMNS_BATCH, lastId + 1))
      .execute();
    const written = rows
      .map((row) => ({ id: row.id, ...textColumnsOf(row.content) }))
      .filter((row) => row.searchText !== null || row.tree !== null);
    if (written.length === 0) continue;
    await sql`
      UPDATE messages AS m SET search_text = v.search_text, tree = v.tree::jsonb
      FROM unnest(
        ${written.map((row) => row.id)}::integer[], ${written.map((row) => row.searchText)}::text[],
        ${written.map((row) => row.tree)}::text[]
      ) AS v (id, search_text, tree)
      WHERE m.id = v.id`.execute(db);
  }
}
