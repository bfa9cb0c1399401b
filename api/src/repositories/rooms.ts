import {
  type Room,
  type RoomKind,
  type RoomMember,
  type RoomRole,
  type RoomSummary,
  UNREAD_COUNT_MAX,
} from '@chat/shared/schemas';
import { sql } from 'kysely';
import { laravelTimestamp } from '../db/laravel-timestamp';
import type { Db } from '../db/schema';
import { MAX_ID } from '../db/schema';
import { byUsername, directRoomName } from './direct-messages/direct-room-name';

/** Rooms as everyone sees them, with the live member count. */
function selectRoomSummaries(db: Db) {
  return db.selectFrom('rooms as r').select([
    'r.id',
    'r.name',
    'r.description',
    'r.max_members',
    sql<number>`(SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id)`.as('members_count'),
    laravelTimestamp('r.created_at').as('created_at'),
    sql<string | null>`${laravelTimestamp('r.archived_at')}`.as('archived_at'),
    'r.private',
    sql<RoomMember | null>`(
        SELECT json_build_object('id', o.id, 'username', o.username) FROM users o WHERE o.id = r.owner_id
      )`.as('owner'),
  ]);
}

/** Rooms a viewer may know of: public rooms, and private rooms and direct messages they are a member of. */
const visibleTo = sql<boolean>`((r.kind = 'room' AND NOT r.private) OR me.user_id IS NOT NULL)`;

/**
 * Rooms as one viewer sees them: whether the viewer is a member, and how many of the others' messages came
 * after the viewer's read position. The count stops at UNREAD_COUNT_MAX, so a room with a long unread
 * history costs at most that many index entries, however long it is. Of those, the ones that mention the
 * viewer: a range of `message_mentions_user_room` (the viewer's mentions in that room after the position),
 * each checked against its message's author, so a room without mentions costs one index probe. And the
 * read position itself (`last_read_id`). A direct message's members come along (one more index range, for
 * direct messages only), from which `toRoom` names it for the viewer.
 */
export function selectRooms(db: Db, viewerId: number) {
  return selectRoomSummaries(db)
    .leftJoin('room_members as me', (join) =>
      join.onRef('me.room_id', '=', 'r.id').on('me.user_id', '=', viewerId),
    )
    .select([
      sql<boolean>`me.user_id IS NOT NULL`.as('is_member'),
      sql<number>`CASE WHEN me.user_id IS NULL THEN 0 ELSE (
        SELECT count(*)::int FROM (
          SELECT 1 FROM messages u
          WHERE u.room_id = r.id AND u.id > coalesce(me.last_read_message_id, 0) AND u.user_id <> ${viewerId}
          LIMIT ${UNREAD_COUNT_MAX}
        ) AS unread
      ) END`.as('unread_count'),
      sql<number>`CASE WHEN me.user_id IS NULL THEN 0 ELSE (
        SELECT count(*)::int FROM (
          SELECT 1 FROM message_mentions mm JOIN messages mg ON mg.id = mm.message_id
          WHERE mm.user_id = ${viewerId} AND mm.room_id = r.id
            AND mm.message_id > coalesce(me.last_read_message_id, 0) AND mg.user_id <> ${viewerId}
          LIMIT ${UNREAD_COUNT_MAX}
        ) AS mentioned
      ) END`.as('mention_count'),
      sql<number | null>`me.last_read_message_id`.as('last_read_id'),
      sql<RoomRole | null>`CASE WHEN me.user_id IS NULL THEN NULL
        WHEN r.owner_id = ${viewerId} THEN 'owner' ELSE 'member' END`.as('my_role'),
      'r.kind',
      sql<RoomMember[] | null>`CASE WHEN r.kind = 'direct' THEN (
        SELECT json_agg(json_build_object('id', u.id, 'username', u.username))
        FROM room_members dm JOIN users u ON u.id = dm.user_id WHERE dm.room_id = r.id
      ) END`.as('direct_members'),
    ]);
}

type RoomRow = Omit<Room, 'kind' | 'members'> & { kind: RoomKind; direct_members: RoomMember[] | null };

/**
 * The Room resource from a `selectRooms` row. A direct message is named for the viewer after the others, lists
 * its members (sorted as names are), holds exactly them (`max_members`), and counts every unread message as a
 * mention: in a conversation, every message is addressed to its reader.
 */
export function toRoom({ direct_members, ...row }: RoomRow, viewerId: number): Room {
  if (row.kind !== 'direct' || direct_members === null) return row;
  const members = [...direct_members].sort(byUsername);
  return {
    ...row,
    name: directRoomName(members, viewerId),
    description: '',
    max_members: members.length,
    members,
    mention_count: row.unread_count,
  };
}

/**
 * Rooms only: a direct message is listed to its members by `GET direct-messages`, never here. A private room
 * is listed to its members only.
 */
export async function listRooms(
  db: Db,
  viewerId: number,
  /** `anyRoom`: private rooms too, member or not (a site administrator's All rooms). */
  options: { anyRoom?: boolean } = {},
): Promise<Room[]> {
  const rows = await selectRooms(db, viewerId)
    .where('r.kind', '=', 'room')
    .$if(!options.anyRoom, (query) => query.where(visibleTo))
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => toRoom(row, viewerId));
}

/**
 * A public room, or a private room or direct message the viewer is a member of: to anyone else those do not
 * exist.
 */
export async function findRoom(
  db: Db,
  roomId: number,
  viewerId: number,
  /** `anyRoom`: a private room too, member or not (a site administrator's answer); never a direct message. */
  options: { anyRoom?: boolean } = {},
): Promise<Room | undefined> {
  const row = await selectRooms(db, viewerId)
    .where('r.id', '=', roomId)
    .where(options.anyRoom ? sql<boolean>`(r.kind = 'room' OR me.user_id IS NOT NULL)` : visibleTo)
    .executeTakeFirst();
  return row && toRoom(row, viewerId);
}

export async function findRoomSummary(db: Db, roomId: number): Promise<RoomSummary | undefined> {
  return selectRoomSummaries(db).where('r.id', '=', roomId).executeTakeFirst();
}

/** The room's kind, or undefined when there is no such room. */
export async function roomKind(db: Db, roomId: number): Promise<RoomKind | undefined> {
  const row = await db.selectFrom('rooms').select('kind').where('id', '=', roomId).executeTakeFirst();
  return row?.kind;
}

/**
 * Whether anyone may know the room exists: a public room. A private room and a direct message are their
 * members' business alone; undefined when there is no such room.
 */
export async function roomIsPublic(db: Db, roomId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('rooms')
    .select(['kind', 'private'])
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row && row.kind === 'room' && !row.private;
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

/** Everyone in the room, in one statement (the newest-page cache keeps them beside the room's messages). */
export async function memberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute();
  return rows.map((row) => row.user_id);
}

/**
 * The room's members by name and role, for a member (`@` mentions); null when `viewerId` is not one, unless
 * `anyViewer` (a site administrator managing a room they are not in: the caller has checked it is no direct message).
 */
export async function roomMembers(
  db: Db,
  roomId: number,
  viewerId: number,
  options: { anyViewer?: boolean } = {},
): Promise<RoomMember[] | null> {
  const rows = await db
    .selectFrom('room_members as rm')
    .innerJoin('users as u', 'u.id', 'rm.user_id')
    .innerJoin('rooms as r', 'r.id', 'rm.room_id')
    .select([
      'u.id',
      'u.username',
      sql<RoomRole>`CASE WHEN r.owner_id = u.id THEN 'owner' ELSE 'member' END`.as('role'),
    ])
    .where('rm.room_id', '=', roomId)
    .orderBy('u.username')
    .execute();
  return options.anyViewer || rows.some((row) => row.id === viewerId) ? rows : null;
}

export interface NewRoom {
  name: string;
  description: string;
  maxMembers: number;
  creatorId: number;
  private?: boolean;
}

/**
 * The creator joins in the same transaction, so nobody ever sees a room its creator is not in, and owns it.
 */
export async function createRoom(db: Db, room: NewRoom): Promise<Room> {
  const roomId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('rooms')
      .values({
        name: room.name,
        description: room.description,
        max_members: room.maxMembers,
        created_by: room.creatorId,
        owner_id: room.creatorId,
        private: room.private ?? false,
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
 * join sees is final and `max_members` can never be overshot (a plain count-then-insert would race). Sends
 * take the same lock, so the newest message id read here is final too: a newcomer starts with everything
 * before the join read (the room opens on it anyway) and counts only what comes after as unread. Nobody joins
 * a direct message or a private room (people come in by invitation): to a member it is `already`, to anyone
 * else it does not exist. A member an owner removed from a public room is `removed` until invited back. An
 * archived room refuses newcomers (`archived`); its members open it as ever (`already`), to read it.
 */
export async function joinRoom(
  db: Db,
  roomId: number,
  userId: number,
): Promise<'joined' | 'already' | 'full' | 'not_found' | 'removed' | 'archived'> {
  return db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('rooms')
      .select(['max_members', 'last_message_id', 'kind', 'private', 'archived_at'])
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
    if (!already && (room.kind === 'direct' || room.private)) return 'not_found';
    // A member's join changes nothing, archived or not: it is how the spec's client opens a room it is in, and
    // an archived room is still read. Nobody new joins one.
    if (already) return 'already';
    if (room.archived_at !== null) return 'archived';
    const removed = await trx
      .selectFrom('room_removals')
      .select('user_id')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (removed) return 'removed';
    if (members >= room.max_members) return 'full';
    await trx
      .insertInto('room_members')
      .values({ room_id: roomId, user_id: userId, last_read_message_id: room.last_message_id })
      .execute();
    return 'joined';
  });
}

/**
 * Leaving a public room one is not in is harmless: `not_member`, nothing changed; a private room one is not in
 * does not exist (`not_found`). Nobody leaves a direct message (a member closes it instead): `direct` to a
 * member, `not_found` to anyone else. The owner leaves only alone (the room then has no owner and stays):
 * with others in the room it is `owner_with_members`, nothing changed, until they make one of them owner. The
 * room row's lock (as joins and invitations take it) keeps the count of others final.
 */
export async function leaveRoom(
  db: Db,
  roomId: number,
  userId: number,
): Promise<'left' | 'not_member' | 'not_found' | 'direct' | 'owner_with_members'> {
  return db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('rooms')
      .select(['kind', 'private', 'owner_id'])
      .where('id', '=', roomId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!room) return 'not_found';
    const member = await isMember(trx, roomId, userId);
    if (room.kind === 'direct') return member ? 'direct' : 'not_found';
    if (!member) return room.private ? 'not_found' : 'not_member';
    if (room.owner_id === userId) {
      const others = await trx
        .selectFrom('room_members')
        .select('user_id')
        .where('room_id', '=', roomId)
        .where('user_id', '<>', userId)
        .limit(1)
        .executeTakeFirst();
      if (others) return 'owner_with_members';
      await trx.updateTable('rooms').set({ owner_id: null }).where('id', '=', roomId).execute();
    }
    await trx
      .deleteFrom('room_members')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .execute();
    return 'left';
  });
}

/**
 * Moves a member's read position forward to `messageId`, never back, and never past the room's newest
 * message (a made-up large id must not mark messages read before they exist). One statement; `movedTo` is
 * the new position, null when it did not move.
 */
export async function markRead(
  db: Db,
  roomId: number,
  userId: number,
  messageId: number,
): Promise<{ status: 'ok'; movedTo: number | null } | { status: 'not_member' | 'not_found' }> {
  const position = Math.min(messageId, MAX_ID);
  const { rows } = await sql<{ room_found: boolean; is_member: boolean; moved_to: number | null }>`
    WITH room AS (
      SELECT id, coalesce(last_message_id, 0) AS newest FROM rooms WHERE id = ${roomId}
    ), member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), moved AS (
      UPDATE room_members SET last_read_message_id = least(${position}::integer, room.newest)
      FROM room
      WHERE room_members.room_id = room.id AND room_members.user_id = ${userId}
        AND least(${position}::integer, room.newest) > coalesce(room_members.last_read_message_id, 0)
      RETURNING room_members.last_read_message_id
    )
    SELECT EXISTS (SELECT 1 FROM room) AS room_found, EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT last_read_message_id FROM moved) AS moved_to`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  return row.is_member ? { status: 'ok', movedTo: row.moved_to } : { status: 'not_member' };
}
