import type { Db } from '../../db/schema';
import { MAX_ID } from '../../db/schema';
import type { MessageRow } from './columns';
import { readSlice, roomSlice } from './room-slice';

/**
 * The page around a message (opening a room where its reader left off, or at a search result): up to `limit`
 * messages in ascending order, `floor(limit / 2)` before `aroundId` and the rest from it on, either side
 * filling in when the other has fewer. One statement: two range scans of `(room_id, id)` of at most `limit`
 * rows each (backwards below the id, forwards from it), the membership check as `pageMessages` makes it.
 */
export async function pageAround(
  db: Db,
  roomId: number,
  page: { aroundId: number; limit: number; memberId: number | null },
): Promise<MessageRow[]> {
  const aroundId = Math.min(page.aroundId, MAX_ID);
  const side = (before: boolean) =>
    roomSlice(db, roomId, page.memberId)
      .where('id', before ? '<' : '>=', aroundId)
      .orderBy('id', before ? 'desc' : 'asc')
      .limit(page.limit);
  // The union has a side's columns; its type is spelled as a side's so that readSlice takes it.
  const source = db
    .selectFrom(side(true).as('before'))
    .selectAll()
    .unionAll(db.selectFrom(side(false).as('after')).selectAll()) as unknown as ReturnType<typeof side>;
  const rows = await readSlice(db, source);
  const before = rows.filter((row) => row.id < aroundId).length;
  const after = rows.length - before;
  const wantBefore = Math.floor(page.limit / 2);
  const takeBefore = Math.min(before, Math.max(wantBefore, page.limit - after));
  const takeAfter = Math.min(after, page.limit - takeBefore);
  return rows.slice(before - takeBefore, before + takeAfter);
}
