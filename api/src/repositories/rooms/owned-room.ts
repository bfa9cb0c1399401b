import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { isMember } from '../rooms';
import { isAdmin } from '../users';

/** Why an owner's action was refused: no such room as far as the caller may know, or not its owner. */
export type OwnerRefused = 'not_found' | 'not_owner';

export interface OwnedRoom {
  id: number;
  name: string;
  description: string;
  max_members: number;
  private: boolean;
  last_message_id: number | null;
  owner_id: number | null;
  /** Archived (read-only): the owner's changes other than unarchiving, deleting and removing are refused. */
  archived: boolean;
  /** The caller is not the owner but a site administrator, acting as one. */
  asAdmin: boolean;
}

/**
 * The room, locked for the rest of the transaction (as joins and sends lock it), when `userId` owns it or is a
 * site administrator. Else `not_found` for no room, a direct message (which has no owner, and which no
 * administrator touches), or a private room the caller is not in (which does not exist for them), and
 * `not_owner` for anyone else. Call inside a transaction.
 */
export async function lockOwnedRoom(
  trx: Db,
  roomId: number,
  userId: number,
): Promise<OwnedRoom | OwnerRefused> {
  const room = await trx
    .selectFrom('rooms')
    .select([
      'id',
      'name',
      'description',
      'max_members',
      'private',
      'last_message_id',
      'kind',
      'owner_id',
      sql<boolean>`archived_at IS NOT NULL`.as('archived'),
    ])
    .where('id', '=', roomId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!room || room.kind === 'direct') return 'not_found';
  const { kind: _, ...owned } = room;
  if (room.owner_id === userId) return { ...owned, asAdmin: false };
  if (await isAdmin(trx, userId)) return { ...owned, asAdmin: true };
  if (room.private && !(await isMember(trx, roomId, userId))) return 'not_found';
  return 'not_owner';
}

/** How many people are in the room now (under the room's lock, final). */
export async function countMembers(trx: Db, roomId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('room_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
