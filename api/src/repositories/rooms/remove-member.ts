import type { Db } from '../../db/schema';
import { recordAudit } from '../audit-log';
import { lockOwnedRoom, type OwnerRefused } from './owned-room';

export type RemoveOutcome =
  | { status: 'removed'; roomName: string }
  | { status: OwnerRefused | 'self' | 'not_member' };

/**
 * The owner takes a member out, and the removal is recorded (`room_removals`: a public room's Join refuses
 * them until an owner invites them back) with the audit entry, in one transaction under the room's lock. The
 * owner cannot remove themself (they leave, once another member owns the room).
 */
export async function removeMember(
  db: Db,
  roomId: number,
  actorId: number,
  targetId: number,
): Promise<RemoveOutcome> {
  return db.transaction().execute(async (trx): Promise<RemoveOutcome> => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    if (targetId === actorId) return { status: 'self' };
    const { numDeletedRows } = await trx
      .deleteFrom('room_members')
      .where('room_id', '=', roomId)
      .where('user_id', '=', targetId)
      .executeTakeFirst();
    if (numDeletedRows === 0n) return { status: 'not_member' };
    await trx
      .insertInto('room_removals')
      .values({ room_id: roomId, user_id: targetId })
      .onConflict((conflict) => conflict.columns(['room_id', 'user_id']).doNothing())
      .execute();
    // Only an administrator can remove the owner: the room then has none.
    if (targetId === room.owner_id) {
      await trx.updateTable('rooms').set({ owner_id: null }).where('id', '=', roomId).execute();
    }
    await recordAudit(trx, {
      actorId,
      action: 'member.remove',
      roomId,
      targetUserId: targetId,
      asAdmin: room.asAdmin,
    });
    return { status: 'removed', roomName: room.name };
  });
}
