import type { Room } from '@chat/shared/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { selectRooms, toRoom } from '../rooms';

/**
 * The viewer's direct messages in their 'Your rooms': those they have not closed (or, started by another, not
 * yet received a message in), the most recently active first, then the newest.
 */
export async function listDirectMessages(db: Db, viewerId: number): Promise<Room[]> {
  const rows = await selectRooms(db, viewerId)
    .where('r.kind', '=', 'direct')
    .where('me.user_id', 'is not', null)
    .where('me.hidden', '=', false)
    .orderBy(sql`r.last_message_id DESC NULLS LAST`)
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => toRoom(row, viewerId));
}
