import type { RoomMember } from '@chat/shared/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { recordAudit } from '../audit-log';
import { isMember } from '../rooms';
import { countMembers, lockOwnedRoom, type OwnerRefused } from './owned-room';

export type InviteOutcome =
  | { status: 'invited' | 'already'; member: RoomMember }
  | { status: OwnerRefused | 'archived' | 'unknown_user' | 'full' };

/**
 * The owner brings someone in (by username, case-insensitive), under the room's lock as a join (so
 * `max_members` holds). The newcomer starts with everything before the invitation read, as a joiner does, and
 * an earlier removal is lifted. Someone already in is `already`, nothing changed or recorded.
 */
export async function inviteMember(
  db: Db,
  roomId: number,
  actorId: number,
  username: string,
): Promise<InviteOutcome> {
  return db.transaction().execute(async (trx): Promise<InviteOutcome> => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    if (room.archived) return { status: 'archived' };
    const member = await trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    if (!member) return { status: 'unknown_user' };
    if (await isMember(trx, roomId, member.id)) return { status: 'already', member };
    if ((await countMembers(trx, roomId)) >= room.max_members) return { status: 'full' };
    await trx
      .insertInto('room_members')
      .values({ room_id: roomId, user_id: member.id, last_read_message_id: room.last_message_id })
      .execute();
    await trx
      .deleteFrom('room_removals')
      .where('room_id', '=', roomId)
      .where('user_id', '=', member.id)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: 'member.invite',
      roomId,
      targetUserId: member.id,
      asAdmin: room.asAdmin,
    });
    return { status: 'invited', member };
  });
}
