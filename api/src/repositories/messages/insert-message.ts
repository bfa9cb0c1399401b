import type { RoomMember } from '@chat/shared/schemas';
import { sql } from 'kysely';
import { laravelTimestamp } from '../../db/laravel-timestamp';
import type { Db } from '../../db/schema';
import { type MessageRow, mentionsFrom, replyQuote, versionOf } from './columns';
import { memberCte } from './membership';
import { mentionedMembers } from './mentioned-members';
import { textColumnsOf } from './text-columns';

export interface NewMessage {
  roomId: number;
  userId: number;
  content: string;
  attachment: { name: string; type: string } | null;
  clientMsgId: string | null;
  /** A message of the same room this one answers. */
  replyToId?: number | null;
  /** The names its text may mention (`mentionedNames`); the room's members among them are stored. */
  mentionNames?: readonly string[];
}

export type InsertOutcome =
  /**
   * `previousId`: the room's message just before this one (null: it is the first), exact under the room lock.
   * `roomName`: the room's name as the lock read it (for mention notifications).
   * `directMembers`: a direct message's members, its author included (null for a room).
   * `privateMemberIds`: a private room's members, its author included (null otherwise).
   */
  | {
      status: 'created';
      message: MessageRow;
      previousId: number | null;
      roomName: string;
      directMembers: RoomMember[] | null;
      privateMemberIds: number[] | null;
    }
  | { status: 'duplicate' }
  | { status: 'not_found' }
  | { status: 'not_member' }
  /** The room is archived: nothing is sent. */
  | { status: 'archived' }
  /** `replyToId` names no message of this room (none, another room's, or a deleted one). */
  | { status: 'reply_invalid' };

interface InsertRow extends Partial<MessageRow> {
  room_found: boolean;
  is_member: boolean;
  is_archived: boolean;
  is_repeat: boolean;
  reply_found: boolean;
  previous_id: number | null;
  room_name: string | null;
  direct_members: RoomMember[] | null;
  private_member_ids: number[] | null;
}

/**
 * One statement, one round trip, its own transaction: lock the room row, check membership, a repeated
 * client_msg_id and the message replied to, insert, move the room's `last_message_id` on, and answer the
 * stored message with its author, its quote and the id it follows.
 *
 * The room row's lock (taken before the id and the version are drawn, held until the statement commits) makes
 * ids and versions commit one at a time per room, so a reader that has seen id N can never later meet a
 * smaller id in that room, which keeps `after_id` a gap-free cursor (and `changed_after` too). A
 * client_msg_id already stored, or racing in from a concurrent send, inserts nothing and reports `duplicate`
 * (the unique index decides the race); the caller answers the original.
 *
 * The predecessor is the `last_message_id` the lock returns: a send that waited for the room gets the row as
 * the previous send committed it (PostgreSQL re-reads an updated row once its lock is granted), whereas a
 * `max(id)` here would read the statement's older snapshot and miss that send's message.
 *
 * In a direct message the same statement un-hides the conversation for every member (a message brings it back
 * to 'Your rooms' of whoever closed it, and shows it to the others the first time) and answers its members,
 * whom the broadcasts address one by one. A room pays nothing for either (both are guarded by its kind).
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<InsertOutcome> {
  const { roomId, userId, clientMsgId } = message;
  const replyToId = message.replyToId ?? null;
  const names = message.mentionNames ?? [];
  const text = textColumnsOf(message.content);
  // Only a text naming someone pays for the mentions: one more index probe per name, in the same statement.
  const mentioned =
    names.length === 0
      ? sql``
      : sql`, mentioned AS (
          INSERT INTO message_mentions (message_id, user_id, room_id, position)
          SELECT inserted.id, c.user_id, inserted.room_id, c.position
          FROM inserted, (${mentionedMembers(roomId, names)}) AS c
          RETURNING user_id, position
        )`;
  const mentions = names.length === 0 ? sql`'[]'::json` : mentionsFrom('mentioned');
  const { rows } = await sql<InsertRow>`
    WITH room AS (
      SELECT id, last_message_id, name, kind, private, archived_at FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), ${memberCte(roomId, userId)}, repeat AS (
      SELECT 1 FROM messages WHERE user_id = ${userId} AND client_msg_id = ${clientMsgId}::uuid
    ), reply AS (
      SELECT 1 FROM messages WHERE id = ${replyToId}::integer AND room_id = ${roomId}
    ), inserted AS (
      INSERT INTO messages (
        room_id, user_id, content, search_text, tree, attachment_name, attachment_type, client_msg_id, reply_to_id
      )
      SELECT room.id, ${userId}::integer, ${message.content}::text, ${text.searchText}::text, ${text.tree}::jsonb,
        ${message.attachment?.name ?? null}::text,
        ${message.attachment?.type ?? null}::text, ${clientMsgId}::uuid, ${replyToId}::integer
      FROM room
      WHERE EXISTS (SELECT 1 FROM member) AND room.archived_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM repeat)
        AND (${replyToId}::integer IS NULL OR EXISTS (SELECT 1 FROM reply))
      ON CONFLICT (user_id, client_msg_id) DO NOTHING
      RETURNING id, room_id, content, attachment_name, client_msg_id, created_at, user_id, edited_at,
        reply_to_id, version, tree
    ), moved_on AS (
      UPDATE rooms SET last_message_id = inserted.id FROM inserted WHERE rooms.id = inserted.room_id
    ), unhidden AS (
      UPDATE room_members SET hidden = false FROM inserted
      WHERE (SELECT kind FROM room) = 'direct' AND room_members.room_id = inserted.room_id AND room_members.hidden
    )${mentioned}
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      EXISTS (SELECT 1 FROM room WHERE archived_at IS NOT NULL) AS is_archived,
      EXISTS (SELECT 1 FROM repeat) AS is_repeat,
      (${replyToId}::integer IS NULL OR EXISTS (SELECT 1 FROM reply)) AS reply_found,
      i.id, i.room_id, i.content, i.tree, i.attachment_name,
      (i.attachment_name IS NOT NULL AND EXISTS (
        SELECT 1 FROM room WHERE room.private OR room.kind = 'direct')) AS attachment_for_members,
      i.client_msg_id,
      ${laravelTimestamp('i.created_at')} AS created_at, i.user_id, u.username,
      ${laravelTimestamp('i.edited_at')} AS edited_at, i.reply_to_id,
      CASE WHEN i.reply_to_id IS NULL THEN NULL ELSE ${replyQuote('i')} END AS reply_to,
      '[]'::json AS reactions,
      CASE WHEN i.id IS NULL THEN '[]'::json ELSE ${mentions} END AS mentions,
      ${versionOf('i')} AS version, NULL::json AS preview,
      (SELECT last_message_id FROM room) AS previous_id, (SELECT name FROM room) AS room_name,
      CASE WHEN i.id IS NOT NULL AND (SELECT kind FROM room) = 'direct' THEN (
        SELECT json_agg(json_build_object('id', du.id, 'username', du.username))
        FROM room_members dm JOIN users du ON du.id = dm.user_id WHERE dm.room_id = ${roomId}
      ) END AS direct_members,
      CASE WHEN i.id IS NOT NULL AND (SELECT private FROM room) THEN (
        SELECT json_agg(pm.user_id) FROM room_members pm WHERE pm.room_id = ${roomId}
      ) END AS private_member_ids
    FROM (SELECT 1) AS one
    LEFT JOIN inserted AS i ON true
    LEFT JOIN users AS u ON u.id = i.user_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.is_archived) return { status: 'archived' };
  if (row.id === undefined || row.id === null) {
    return { status: row.is_repeat || row.reply_found ? 'duplicate' : 'reply_invalid' };
  }
  const {
    room_found: _,
    is_member: __,
    is_archived: _____,
    is_repeat: ___,
    reply_found: ____,
    previous_id: previousId,
    room_name: roomName,
    direct_members: directMembers,
    private_member_ids: privateMemberIds,
    ...stored
  } = row;
  return {
    status: 'created',
    message: stored as MessageRow,
    previousId,
    roomName: roomName ?? '',
    directMembers: directMembers ?? null,
    privateMemberIds: privateMemberIds ?? null,
  };
}
