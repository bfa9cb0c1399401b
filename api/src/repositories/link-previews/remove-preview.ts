import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { MessageRow } from '../messages/columns';
import { findMessage } from '../messages/find-message';
import { lockRoom } from '../messages/lock-room';
import { moderatedMessageCtes } from '../messages/membership';

export type RemovePreviewOutcome =
  /** `unchanged`: the message had no preview (already removed, or none yet); nothing was written. */
  | { status: 'removed' | 'unchanged'; message: MessageRow; direct: boolean; private: boolean }
  | { status: 'not_found' | 'not_member' | 'not_author' | 'archived' };

/**
 * Removes a message's link preview for good, with a new version, under the room's lock. Who may, and the order
 * of the refusals, are a delete's (repositories/messages/delete-message): its author, the room's owner, a site
 * administrator in any room but a direct message; nothing in an archived room; a message of another room is
 * unknown.
 */
export async function removePreview(
  db: Db,
  target: { roomId: number; messageId: number; userId: number },
): Promise<RemovePreviewOutcome> {
  const { roomId, messageId, userId } = target;
  return db.transaction().execute(async (trx): Promise<RemovePreviewOutcome> => {
    if ((await lockRoom(trx, roomId)) === null) return { status: 'not_found' };
    const { rows } = await sql<{
      is_member: boolean;
      moderator: boolean;
      archived: boolean;
      author_id: number | null;
      allowed: boolean;
      removed: boolean;
      direct: boolean;
      private: boolean;
    }>`
      WITH ${moderatedMessageCtes(roomId, messageId, userId)}, removed AS (
        UPDATE messages
        SET preview_url = NULL, preview_removed = true, version = nextval('message_versions')
        WHERE id = ${messageId} AND room_id = ${roomId} AND preview_url IS NOT NULL
          AND EXISTS (SELECT 1 FROM allowed)
        RETURNING id
      )
      SELECT
        EXISTS (SELECT 1 FROM member) AS is_member,
        (SELECT owner OR admin FROM room) AS moderator,
        (SELECT archived FROM room) AS archived,
        (SELECT user_id FROM target) AS author_id,
        EXISTS (SELECT 1 FROM allowed) AS allowed,
        EXISTS (SELECT 1 FROM removed) AS removed,
        (SELECT kind = 'direct' FROM room) AS direct,
        (SELECT private FROM room) AS private`.execute(trx);
    const row = rows[0];
    if (!row) return { status: 'not_found' };
    // An administrator is answered as a member in any room but a direct message (there `moderator` is false).
    if (!row.is_member && !row.moderator) return { status: 'not_member' };
    if (row.archived) return { status: 'archived' };
    if (row.author_id === null) return { status: 'not_found' };
    if (!row.allowed) return { status: 'not_author' };
    const message = await findMessage(trx, messageId);
    if (!message) return { status: 'not_found' };
    return {
      status: row.removed ? 'removed' : 'unchanged',
      message,
      direct: row.direct,
      private: row.private,
    };
  });
}
