import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { isMember } from '../rooms';
import type { MessageRow } from './columns';
import { findMessage } from './find-message';
import { lockRoom } from './lock-room';
import { memberCte } from './membership';
import { mentionedMembers } from './mentioned-members';
import { textColumnsOf } from './text-columns';

export type EditOutcome =
  /**
   * `addedMentions`: members the new text mentions that the old one did not; `roomName` for their notice;
   * `direct`: the message is in a direct message; `private`: in a private room.
   */
  | {
      status: 'edited';
      message: MessageRow;
      addedMentions: number[];
      roomName: string;
      direct: boolean;
      private: boolean;
    }
  | { status: 'not_found' | 'not_member' | 'not_author' | 'content_required' | 'archived' };

/**
 * The author changes a message's text: the text, `edited_at` and a new version, under the room's lock (so the
 * version commits in order within the room, see insertMessage), then the message as it now reads, in the same
 * transaction. A message of another room counts as unknown. Blank text only for a message with an image.
 */
export async function editMessage(
  db: Db,
  target: {
    roomId: number;
    messageId: number;
    userId: number;
    content: string;
    /** The names the new text may mention (`mentionedNames`). */
    mentionNames?: readonly string[];
  },
): Promise<EditOutcome> {
  const { roomId, messageId, userId, content } = target;
  // Parsed before the room's lock is taken (a long text takes milliseconds), not while holding it.
  const text = textColumnsOf(content);
  return db.transaction().execute(async (trx): Promise<EditOutcome> => {
    const room = await lockRoom(trx, roomId);
    if (room === null) return { status: 'not_found' };
    if (room.archived) return { status: (await isMember(trx, roomId, userId)) ? 'archived' : 'not_member' };
    const roomName = room.name;
    const { rows } = await sql<{
      is_member: boolean;
      author_id: number | null;
      has_attachment: boolean | null;
      updated: boolean;
      direct: boolean;
      private: boolean;
    }>`
      WITH ${memberCte(roomId, userId)}, target AS (
        SELECT user_id, attachment_name FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
      ), updated AS (
        UPDATE messages
        SET content = ${content}::text, search_text = ${text.searchText}::text, tree = ${text.tree}::jsonb,
          edited_at = now(),
          version = nextval('message_versions')
        WHERE id = ${messageId} AND room_id = ${roomId} AND user_id = ${userId}
          AND EXISTS (SELECT 1 FROM member)
          AND (${content}::text <> '' OR attachment_name IS NOT NULL)
        RETURNING id
      )
      SELECT
        EXISTS (SELECT 1 FROM member) AS is_member,
        (SELECT user_id FROM target) AS author_id,
        (SELECT attachment_name IS NOT NULL FROM target) AS has_attachment,
        EXISTS (SELECT 1 FROM updated) AS updated,
        EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId} AND kind = 'direct') AS direct,
        EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId} AND private) AS private`.execute(trx);
    const row = rows[0];
    if (!row?.is_member) return { status: 'not_member' };
    if (row.author_id === null) return { status: 'not_found' };
    if (row.author_id !== userId) return { status: 'not_author' };
    if (!row.updated)
      return { status: row.has_attachment || content !== '' ? 'not_found' : 'content_required' };
    const addedMentions = await replaceMentions(trx, { roomId, messageId, names: target.mentionNames ?? [] });
    const message = await findMessage(trx, messageId);
    return message
      ? { status: 'edited', message, addedMentions, roomName, direct: row.direct, private: row.private }
      : { status: 'not_found' };
  });
}

/**
 * An edited message's mentions become those of its new text (members of the room now), in one statement:
 * the ones no longer named go, the others are added or moved to their new position. Answers the members
 * mentioned now and not before.
 */
async function replaceMentions(
  trx: Db,
  target: { roomId: number; messageId: number; names: readonly string[] },
): Promise<number[]> {
  const { roomId, messageId, names } = target;
  const { rows } = await sql<{ user_id: number }>`
    WITH old AS (
      SELECT user_id FROM message_mentions WHERE message_id = ${messageId}
    ), wanted AS (
      ${names.length === 0 ? sql`SELECT NULL::integer AS user_id, NULL::smallint AS position WHERE false` : mentionedMembers(roomId, names)}
    ), removed AS (
      DELETE FROM message_mentions
      WHERE message_id = ${messageId} AND user_id NOT IN (SELECT user_id FROM wanted)
    ), kept AS (
      INSERT INTO message_mentions (message_id, user_id, room_id, position)
      SELECT ${messageId}::integer, user_id, ${roomId}::integer, position FROM wanted
      ON CONFLICT (message_id, user_id) DO UPDATE SET position = excluded.position
    )
    SELECT user_id FROM wanted WHERE user_id NOT IN (SELECT user_id FROM old) ORDER BY position`.execute(trx);
  return rows.map((row) => row.user_id);
}
