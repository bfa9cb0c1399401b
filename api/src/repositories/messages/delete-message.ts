import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { moderatedMessageCtes } from './membership';

export type DeleteOutcome =
  /**
   * `attachmentName`: the stored file the message held, now the caller's to remove. `directMemberIds`: a
   * direct message's or a private room's members (null for a public room), whom the broadcast addresses one by
   * one.
   */
  | { status: 'deleted'; attachmentName: string | null; directMemberIds: number[] | null }
  | { status: 'not_found' | 'not_member' | 'not_author' | 'archived' };

/**
 * Deletes a message, in one statement: a room and membership check, the permission check, the delete and,
 * when it was another's message, its audit row (`message.delete`). Its author may delete it; so may the
 * room's owner, and a site administrator in any room (member or not), never in a direct message. Nothing is
 * deleted in an archived room (`archived`, after the membership check). A message of another room counts as
 * unknown. The room's `last_message_id` stays as it was: it is the id later messages name as their
 * `previous_id`, and a reader that held the deleted message holds that id as its cursor (see docs/api.md,
 * Staying gap-free).
 */
export async function deleteMessage(
  db: Db,
  target: { roomId: number; messageId: number; userId: number },
): Promise<DeleteOutcome> {
  const { roomId, messageId, userId } = target;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    moderator: boolean;
    archived: boolean;
    author_id: number | null;
    deleted: boolean;
    attachment_name: string | null;
    direct_member_ids: number[] | null;
  }>`
    WITH ${moderatedMessageCtes(roomId, messageId, userId)}, deleted AS (
      DELETE FROM messages
      WHERE id = ${messageId} AND room_id = ${roomId} AND EXISTS (SELECT 1 FROM allowed)
      RETURNING attachment_name, user_id
    ), audited AS (
      INSERT INTO audit_log (actor_id, action, room_id, target_user_id, details)
      SELECT ${userId}::integer, 'message.delete', ${roomId}::integer, deleted.user_id,
        jsonb_strip_nulls(jsonb_build_object(
          'message_id', ${messageId}::integer,
          'as_admin', CASE WHEN NOT room.owner THEN true END
        ))
      FROM deleted, room WHERE deleted.user_id <> ${userId}
    )
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      coalesce((SELECT owner OR admin FROM room), false) AS moderator,
      coalesce((SELECT archived FROM room), false) AS archived,
      (SELECT user_id FROM target) AS author_id,
      EXISTS (SELECT 1 FROM deleted) AS deleted,
      (SELECT attachment_name FROM deleted) AS attachment_name,
      CASE WHEN EXISTS (SELECT 1 FROM deleted)
        AND (SELECT kind = 'direct' OR private FROM room) THEN (
        SELECT json_agg(user_id) FROM room_members WHERE room_id = ${roomId}
      ) END AS direct_member_ids`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  // An administrator is answered as a member in any room but a direct message (there `moderator` is false).
  if (!row.is_member && !row.moderator) return { status: 'not_member' };
  if (row.archived) return { status: 'archived' };
  if (row.deleted) {
    return { status: 'deleted', attachmentName: row.attachment_name, directMemberIds: row.direct_member_ids };
  }
  // Another's message; or none, or one a concurrent delete took first.
  return {
    status: row.author_id !== null && row.author_id !== userId && !row.moderator ? 'not_author' : 'not_found',
  };
}
