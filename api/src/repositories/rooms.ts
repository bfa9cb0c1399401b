import type { Room } from '@chat/shared/schemas';
import { sql } from 'kysely';
import type { Db } from '../db/create-database';
import { laravelTimestamp } from '../db/laravel-timestamp';

/** Rooms as one viewer sees them: with the live member count and whether the viewer is among them. */
function selectRooms(db: Db, viewerId: number) {
  return db
    .selectFrom('rooms as r')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.max_members',
      sql<number>`(SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id)`.as('members_count'),
      sql<boolean>`EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${viewerId})`.as(
        'is_member',
      ),
      laravelTimestamp('r.created_at').as('created_at'),
    ]);
}

export async function listRooms(db: Db, viewerId: number): Promise<Room[]> {
  return selectRooms(db, viewerId).orderBy('r.id', 'desc').execute();
}

export async function findRoom(db: Db, roomId: number, viewerId: number): Promise<Room | undefined> {
  return selectRooms(db, viewerId).where('r.id', '=', roomId).executeTakeFirst();
}

export async function roomExists(db: Db, roomId: number): Promise<boolean> {
  return (
    (await db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst()) !== undefined
  );
}

export async function isMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewRoom {
  name: string;
  description: string;
  maxMembers: number;
  creatorId: number;
}

/** The creator joins in the same transaction, so nobody ever sees a room its creator is not in. */
export async function createRoom(db: Db, room: NewRoom): Promise<Room> {
  const roomId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('rooms')
      .values({
        name: room.name,
        description: room.description,
        max_members: room.maxMembers,
        created_by: room.creatorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('room_members').values({ room_id: id, user_id: room.creatorId }).execute();
    return id;
  });
  return (await findRoom(db, roomId, room.creatorId)) as Room;
}

/**
 * Holding the room row's lock while counting and inserting makes concurrent joins queue up, so the count a
 * join sees is final and `max_members` can never be overshot (a plain count-then-insert would race).
 */
export async function joinRoom(
  db: Db,
  roomId: number,
  userId: number,
): Promise<'joined' | 'full' | 'not_found'> {
  return db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('rooms')
      .select('max_members')
      .where('id', '=', roomId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!room) return 'not_found';
    const { members, already } = await trx
      .selectFrom('room_members')
      .select([
        sql<number>`count(*)::int`.as('members'),
        sql<boolean>`coalesce(bool_or(user_id = ${userId}), false)`.as('already'),
      ])
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    if (already) return 'joined';
    if (members >= room.max_members) return 'full';
    await trx.insertInto('room_members').values({ room_id: roomId, user_id: userId }).execute();
    return 'joined';
  });
}

/** Returns false when the room does not exist; leaving a room one is not in is harmless. */
export async function leaveRoom(db: Db, roomId: number, userId: number): Promise<boolean> {
  if (!(await roomExists(db, roomId))) return false;
  await db.deleteFrom('room_members').where('room_id', '=', roomId).where('user_id', '=', userId).execute();
  return true;
}
