import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { recordAudit } from '../audit-log';
import { lockOwnedRoom, type OwnerRefused } from './owned-room';

/**
 * The owner (or an administrator) archives (`archived: true`) or unarchives the room, under its lock, recorded
 * as `room.archive` / `room.unarchive`. Archiving an archived room (or unarchiving an open one) changes nothing
 * and records nothing: `unchanged`; `archived_at` keeps its first time.
 */
export async function setArchived(
  db: Db,
  roomId: number,
  actorId: number,
  archived: boolean,
): Promise<{ status: 'changed' | 'unchanged' | OwnerRefused }> {
  return db.transaction().execute(async (trx) => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    if (room.archived === archived) return { status: 'unchanged' };
    await trx
      .updateTable('rooms')
      .set({ archived_at: archived ? sql<Date>`now()` : null })
      .where('id', '=', roomId)
      .execute();
    await recordAudit(trx, {
      actorId,
      action: archived ? 'room.archive' : 'room.unarchive',
      roomId,
      asAdmin: room.asAdmin,
    });
    return { status: 'changed' };
  });
}

export type DeleteRoomOutcome =
  | { status: 'deleted'; name: string; private: boolean; memberIds: number[] }
  | { status: OwnerRefused };

/**
 * The owner (or an administrator) deletes the room: its row, members (with their read positions) and removals
 * go in this transaction, under the room's lock, so every endpoint answers 404 for it once this commits, and a
 * send waiting on the lock finds no room. Its messages stay behind, unreachable, for `RoomPurger` to delete in
 * batches (with their reactions, mentions and images). Recorded as `room.delete` (details: its name, and
 * whether it was private), which also marks the purge as owed should the process stop before it completes.
 * An archived room may be deleted.
 */
export async function deleteRoom(db: Db, roomId: number, actorId: number): Promise<DeleteRoomOutcome> {
  return db.transaction().execute(async (trx): Promise<DeleteRoomOutcome> => {
    const room = await lockOwnedRoom(trx, roomId, actorId);
    if (typeof room === 'string') return { status: room };
    const members = await trx
      .deleteFrom('room_members')
      .where('room_id', '=', roomId)
      .returning('user_id')
      .execute();
    await trx.deleteFrom('room_removals').where('room_id', '=', roomId).execute();
    await trx.deleteFrom('rooms').where('id', '=', roomId).execute();
    await recordAudit(trx, {
      actorId,
      action: 'room.delete',
      roomId,
      details: { name: room.name, private: room.private },
      asAdmin: room.asAdmin,
    });
    return {
      status: 'deleted',
      name: room.name,
      private: room.private,
      memberIds: members.map((member) => member.user_id),
    };
  });
}

/**
 * Up to `limit` messages of a deleted room (their reactions and mentions go with them, by cascade), oldest
 * first along `messages_room_id_id`: the stored images they held, now the caller's to remove, and how many
 * went.
 */
export async function purgeBatch(
  db: Db,
  roomId: number,
  limit: number,
): Promise<{ deleted: number; attachmentNames: string[] }> {
  const { rows } = await sql<{ attachment_name: string | null }>`
    DELETE FROM messages WHERE id IN (
      SELECT id FROM messages WHERE room_id = ${roomId} ORDER BY id LIMIT ${limit}
    ) AND NOT EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId})
    RETURNING attachment_name`.execute(db);
  return {
    deleted: rows.length,
    attachmentNames: rows.flatMap((row) => (row.attachment_name ? [row.attachment_name] : [])),
  };
}

/** Deleted rooms whose messages are not all purged yet (a process stopped mid-purge): their ids. */
export async function roomsOwingPurge(db: Db): Promise<number[]> {
  const { rows } = await sql<{ room_id: number }>`
    SELECT DISTINCT a.room_id FROM audit_log a
    WHERE a.action = 'room.delete' AND a.room_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = a.room_id)
      AND EXISTS (SELECT 1 FROM messages m WHERE m.room_id = a.room_id)`.execute(db);
  return rows.map((row) => row.room_id);
}
