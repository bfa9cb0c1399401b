import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { recordAudit } from '../audit-log';
import { isMember } from '../rooms';
import { lockOwnedRoom, type OwnerRefused } from './owned-room';

export type TransferOutcome =
  | { status: 'transferred' | 'unchanged' }
  | { status: OwnerRefused | 'unknown_user' | 'not_member' };

/**
 * The owner makes another member owner ("Make owner"): by id or by username (case-insensitive). The old owner
 * stays a member. Naming the owner changes nothing. A site administrator may hand any room to any member. One transaction under the room's lock, with its audit entry.
 */
export async function transferOwnership(
  db: Db,
  roomId: number,
  actorId: number,
  target: { userId?: number; username?: string },
): Promise<TransferOutcome> {
  return db.transaction().execute(async (trx): Promise<TransferOutcome> => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    const user = await trx
      .selectFrom('users')
      .select('id')
      .$if(target.userId !== undefined, (query) => query.where('id', '=', target.userId as number))
      .$if(target.userId === undefined, (query) =>
        query.where(sql<string>`lower(username)`, '=', (target.username ?? '').toLowerCase()),
      )
      .executeTakeFirst();
    if (!user) return { status: target.userId === undefined ? 'unknown_user' : 'not_member' };
    if (user.id === room.owner_id) return { status: 'unchanged' };
    if (!(await isMember(trx, roomId, user.id))) return { status: 'not_member' };
    await trx.updateTable('rooms').set({ owner_id: user.id }).where('id', '=', roomId).execute();
    await recordAudit(trx, {
      actorId,
      action: 'owner.transfer',
      roomId,
      targetUserId: user.id,
      asAdmin: room.asAdmin,
      details: { from: room.owner_id },
    });
    return { status: 'transferred' };
  });
}
