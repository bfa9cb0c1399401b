import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { MAX_ID } from '../../db/schema';
import type { MessageRow } from './columns';
import { readSlice, roomSlice } from './room-slice';

export interface PageQuery {
  afterId?: number;
  beforeId?: number;
  /** With `afterId`: also the messages up to it whose version is above this, at most `limit`, lowest first. */
  changedAfter?: number;
  limit: number;
  /**
   * Only this member's view: not a member, no rows (the caller then tells 403 from 404). Null: the caller has
   * checked membership itself.
   */
  memberId: number | null;
}

/**
 * A page in ascending id order. With `after_id` the page starts right after it (the live-update cursor);
 * otherwise it is the newest `limit` messages, below `before_id` when given (scrolling back). With
 * `changed_after` (and `after_id`) the page also holds the messages up to `after_id` whose version is above
 * it: at most `limit` of them, the lowest versions first, on the `(room_id, version)` index.
 *
 * One statement for the membership check and the page. The limit applies inside, on `(room_id, id)`, before
 * authors are joined, dates formatted, replies quoted and reactions counted, so only the page's rows are.
 * (Joined first, a planner without statistics joined, formatted and sorted all 10,000 rows of a room to keep
 * 50; PGlite gathers none by itself, see db/pglite-pool.ts.)
 */
export async function pageMessages(db: Db, roomId: number, page: PageQuery): Promise<MessageRow[]> {
  const changedAfter = page.afterId === undefined ? undefined : page.changedAfter;
  if (page.afterId !== undefined && page.afterId >= MAX_ID && changedAfter === undefined) return [];
  const newestFirst = page.afterId === undefined;
  const inRoom = () => roomSlice(db, roomId, page.memberId);
  let slice = inRoom()
    .orderBy('id', newestFirst ? 'desc' : 'asc')
    .limit(page.limit);
  if (page.beforeId !== undefined) slice = slice.where('id', '<', Math.min(page.beforeId, MAX_ID));
  if (page.afterId !== undefined) slice = slice.where('id', '>', Math.min(page.afterId, MAX_ID));
  // Both halves have the slice's columns; the union's type is spelled as the slice's so one query reads either.
  const source: typeof slice =
    changedAfter === undefined
      ? slice
      : (db
          .selectFrom(slice.as('next'))
          .selectAll()
          .unionAll(
            db
              .selectFrom(
                inRoom()
                  .where('id', '<=', Math.min(page.afterId as number, MAX_ID))
                  .where(sql<boolean>`version > ${String(changedAfter)}::bigint`)
                  .orderBy('version', 'asc')
                  .limit(page.limit)
                  .as('changed'),
              )
              .selectAll(),
          ) as unknown as typeof slice);
  return readSlice(db, source);
}
