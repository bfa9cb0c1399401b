import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { memberCte } from './membership';

export type DeleteOutcome =
  /**
   * `attachmentName`: the stored file the message held, now the caller's to remove. `directMemberIds`: a
   * direct message's or a private room's members (null for a public room), whom the broadcast addresses one by
   * one.
   */
  | { status: 'deleted'; attachmentName: string | null; directMemberIds: number[] | null }
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
    direct_member_ids: number[] | null;
  }>`
    WITH ${memberCte(roomId, userId)}, target AS (
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
      (SELECT attachment_name FROM deleted) AS attachment_name,
      CASE WHEN EXISTS (SELECT 1 FROM deleted)
        AND (SELECT kind = 'direct' OR private FROM rooms WHERE id = ${roomId}) THEN (
        SELECT json_agg(user_id) FROM room_members WHERE room_id = ${roomId}
      ) END AS direct_member_ids`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.deleted) {
    return { status: 'deleted', attachmentName: row.attachment_name, directMemberIds: row.direct_member_ids };
  }
  // Another's message; or none, or one a concurrent delete took first (its author then reads as this user).
  return { status: row.author_id !== null && row.author_id !== userId ? 'not_author' : 'not_found' };
}
