import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { type MessageRow, messageColumns, sliceColumns } from './columns';
import { isMember } from './membership';

/**
 * A room id for `room_id = …` where the room's newest messages are walked on `(room_id, id)`: a subquery's
 * value, not a constant. Given the constant, the planner reads a large room's share of the table from its
 * statistics and walks the primary key back through every other room's newer messages instead (225,000 of
 * them, 190 ms for a newest page, in the search benchmark's database of 100 rooms).
 */
export const plannedAsAnyRoom = (roomId: number) => sql<number>`(SELECT ${roomId}::integer)`;

/** A room's message rows, for the pagers to range over; none at all unless `memberId` (when given) is a member. */
export function roomSlice(db: Db, roomId: number, memberId: number | null) {
  return db
    .selectFrom('messages')
    .select(sliceColumns)
    .where('room_id', '=', plannedAsAnyRoom(roomId))
    .$if(memberId !== null, (query) => query.where(isMember(roomId, memberId as number)));
}

type Slice = ReturnType<typeof roomSlice>;

/** A page cut from slices, as the API serialises it, in ascending id order: only its rows are joined and worked out. */
export async function readSlice(db: Db, source: Slice): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom(source.as('m'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(messageColumns())
    .orderBy('m.id', 'asc')
    .execute();
  return rows as MessageRow[];
}
