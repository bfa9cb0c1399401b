import { sql } from 'kysely';
import type { Db } from '../db/create-database';
import { laravelTimestamp } from '../db/laravel-timestamp';
import { MAX_ID } from '../db/schema';

export interface MessageRow {
  id: number;
  room_id: number;
  content: string;
  attachment_name: string | null;
  client_msg_id: string | null;
  created_at: string;
  user_id: number;
  username: string;
}

/** A message as the API serialises it: alias `m` for the message rows, `u` for their authors. */
const messageColumns = () =>
  [
    'm.id',
    'm.room_id',
    'm.content',
    'm.attachment_name',
    'm.client_msg_id',
    laravelTimestamp('m.created_at').as('created_at'),
    'm.user_id',
    'u.username',
  ] as const;

function selectMessages(db: Db) {
  return db.selectFrom('messages as m').innerJoin('users as u', 'u.id', 'm.user_id').select(messageColumns());
}

export interface PageQuery {
  afterId?: number;
  beforeId?: number;
  limit: number;
  /**
   * Only this member's view: not a member, no rows (the caller then tells 403 from 404). Null: the caller has
   * checked membership itself.
   */
  memberId: number | null;
}

/**
 * A page in ascending id order. With `after_id` the page starts right after it (the live-update cursor);
 * otherwise it is the newest `limit` messages, below `before_id` when given (scrolling back).
 *
 * One statement for the membership check and the page. The limit applies inside, on `(room_id, id)`, before
 * authors are joined and dates formatted, so only the page's rows are. (Joined first, a planner without
 * statistics joined, formatted and sorted all 10,000 rows of a room to keep 50; PGlite gathers none by
 * itself, see db/pglite-pool.ts.)
 */
export async function pageMessages(db: Db, roomId: number, page: PageQuery): Promise<MessageRow[]> {
  if (page.afterId !== undefined && page.afterId >= MAX_ID) return [];
  const newestFirst = page.afterId === undefined;
  let slice = db
    .selectFrom('messages')
    .select(['id', 'room_id', 'content', 'attachment_name', 'client_msg_id', 'created_at', 'user_id'])
    .where('room_id', '=', roomId)
    .$if(page.memberId !== null, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('room_members')
            .select('user_id')
            .where('room_id', '=', roomId)
            .where('user_id', '=', page.memberId as number),
        ),
      ),
    )
    .orderBy('id', newestFirst ? 'desc' : 'asc')
    .limit(page.limit);
  if (page.beforeId !== undefined) slice = slice.where('id', '<', Math.min(page.beforeId, MAX_ID));
  if (page.afterId !== undefined) slice = slice.where('id', '>', page.afterId);
  return db
    .selectFrom(slice.as('m'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(messageColumns())
    .orderBy('m.id', 'asc')
    .execute();
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return selectMessages(db).where('m.id', '=', id).executeTakeFirst();
}

export async function findMessageByClientId(
  db: Db,
  userId: number,
  clientMsgId: string,
): Promise<MessageRow | undefined> {
  return selectMessages(db)
    .where('m.user_id', '=', userId)
    .where('m.client_msg_id', '=', clientMsgId)
    .executeTakeFirst();
}

export interface NewMessage {
  roomId: number;
  userId: number;
  content: string;
  attachment: { name: string; type: string } | null;
  clientMsgId: string | null;
}

export type InsertOutcome =
  /** `previousId`: the room's message just before this one (null: it is the first), exact under the room lock. */
  | { status: 'created'; message: MessageRow; previousId: number | null }
  | { status: 'duplicate' }
  | { status: 'not_found' }
  | { status: 'not_member' };

interface InsertRow extends Partial<MessageRow> {
  room_found: boolean;
  is_member: boolean;
  previous_id: number | null;
}

/**
 * One statement, one round trip, its own transaction: lock the room row, check membership and a repeated
 * client_msg_id, insert, move the room's `last_message_id` on, and answer the stored message with its author
 * and the id it follows.
 *
 * The room row's lock (taken before the id is drawn, held until the statement commits) makes ids commit one at
 * a time per room, so a reader that has seen id N can never later meet a smaller id in that room, which keeps
 * `after_id` a gap-free cursor. A client_msg_id already stored, or racing in from a concurrent send, inserts
 * nothing and reports `duplicate` (the unique index decides the race); the caller answers the original.
 *
 * The predecessor is the `last_message_id` the lock returns: a send that waited for the room gets the row as
 * the previous send committed it (PostgreSQL re-reads an updated row once its lock is granted), whereas a
 * `max(id)` here would read the statement's older snapshot and miss that send's message.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<InsertOutcome> {
  const { roomId, userId, clientMsgId } = message;
  const { rows } = await sql<InsertRow>`
    WITH room AS (
      SELECT id, last_message_id FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), inserted AS (
      INSERT INTO messages (room_id, user_id, content, attachment_name, attachment_type, client_msg_id)
      SELECT room.id, ${userId}::integer, ${message.content}::text, ${message.attachment?.name ?? null}::text,
        ${message.attachment?.type ?? null}::text, ${clientMsgId}::uuid
      FROM room
      WHERE EXISTS (SELECT 1 FROM member)
        AND NOT EXISTS (
          SELECT 1 FROM messages WHERE user_id = ${userId} AND client_msg_id = ${clientMsgId}::uuid
        )
      ON CONFLICT (user_id, client_msg_id) DO NOTHING
      RETURNING id, room_id, content, attachment_name, client_msg_id, created_at, user_id
    ), moved_on AS (
      UPDATE rooms SET last_message_id = inserted.id FROM inserted WHERE rooms.id = inserted.room_id
    )
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      i.id, i.room_id, i.content, i.attachment_name, i.client_msg_id,
      ${laravelTimestamp('i.created_at')} AS created_at, i.user_id, u.username,
      (SELECT last_message_id FROM room) AS previous_id
    FROM (SELECT 1) AS one
    LEFT JOIN inserted AS i ON true
    LEFT JOIN users AS u ON u.id = i.user_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.id === undefined || row.id === null) return { status: 'duplicate' };
  const { room_found: _, is_member: __, previous_id: previousId, ...stored } = row;
  return { status: 'created', message: stored as MessageRow, previousId };
}

export type DeleteOutcome =
  /** `attachmentName`: the stored file the message held, now the caller's to remove. */
  | { status: 'deleted'; attachmentName: string | null }
  | { status: 'not_found' | 'not_member' | 'not_author' };

/**
 * Deletes a member's own message, in one statement: a room and membership check, the author check and the
 * delete. A message of another room counts as unknown. The room's `last_message_id` stays as it was: it is
 * the id later messages name as their `previous_id`, and a reader that held the deleted message holds that
 * id as its cursor (see docs/api.md, Staying gap-free).
 */
export async function deleteMessage(
  db: Db,
  target: { roomId: number; messageId: number; userId: number },
): Promise<DeleteOutcome> {
  const { roomId, messageId, userId } = target;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    author_id: number | null;
    deleted: boolean;
    attachment_name: string | null;
  }>`
    WITH member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), target AS (
      SELECT user_id FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
    ), deleted AS (
      DELETE FROM messages
      WHERE id = ${messageId} AND room_id = ${roomId} AND user_id = ${userId} AND EXISTS (SELECT 1 FROM member)
      RETURNING attachment_name
    )
    SELECT
      EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId}) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT user_id FROM target) AS author_id,
      EXISTS (SELECT 1 FROM deleted) AS deleted,
      (SELECT attachment_name FROM deleted) AS attachment_name`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.deleted) return { status: 'deleted', attachmentName: row.attachment_name };
  // Another's message; or none, or one a concurrent delete took first (its author then reads as this user).
  return { status: row.author_id !== null && row.author_id !== userId ? 'not_author' : 'not_found' };
}

export type SeedOutcome =
  /** `previousId`: the message just before `lastId` in the room (null: none). */
  | { status: 'created'; count: number; firstId: number; lastId: number; previousId: number | null }
  | { status: 'not_found' }
  | { status: 'not_member' };

/**
 * For tests and benchmarks only: `count` messages `{prefix} 1`…`{prefix} {count}` from one member, in one
 * statement. generate_series feeds the insert in order, so ids increase with the number; the room row is
 * locked as a send locks it, so the batch commits in order with concurrent sends.
 */
export async function seedMessages(
  db: Db,
  seed: { roomId: number; userId: number; count: number; prefix: string },
): Promise<SeedOutcome> {
  const { roomId, userId } = seed;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    count: number;
    first_id: number | null;
    last_id: number | null;
    previous_id: number | null;
  }>`
    WITH room AS (
      SELECT id, last_message_id FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), inserted AS (
      INSERT INTO messages (room_id, user_id, content)
      SELECT room.id, ${userId}::integer, ${seed.prefix}::text || ' ' || n
      FROM room, generate_series(1, ${seed.count}::integer) AS n
      WHERE EXISTS (SELECT 1 FROM member)
      ORDER BY n
      RETURNING id
    ), moved_on AS (
      UPDATE rooms SET last_message_id = (SELECT max(id) FROM inserted)
      WHERE id = ${roomId} AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT count(*)::integer FROM inserted) AS count,
      (SELECT min(id) FROM inserted) AS first_id,
      (SELECT max(id) FROM inserted) AS last_id,
      coalesce(
        (SELECT id FROM inserted ORDER BY id DESC OFFSET 1 LIMIT 1),
        (SELECT last_message_id FROM room)
      ) AS previous_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member || row.first_id === null || row.last_id === null) return { status: 'not_member' };
  // Statistics as autovacuum would soon gather them after such a load, so a seeded room is read the way a
  // long-lived one is (PGlite has no autovacuum at all).
  await sql`ANALYZE messages`.execute(db);
  return {
    status: 'created',
    count: row.count,
    firstId: row.first_id,
    lastId: row.last_id,
    previousId: row.previous_id,
  };
}
