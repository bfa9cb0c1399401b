import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Hides a direct message from its member's 'Your rooms' until its next message (which un-hides it for every
 * member, repositories/messages/insert-message). False when `roomId` is no direct message `userId` is in.
 */
export async function closeDirectMessage(db: Db, roomId: number, userId: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('room_members')
    .set({ hidden: true })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId} AND kind = 'direct')`)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}
