import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { MessageRow } from '../messages/columns';
import { findMessage } from '../messages/find-message';
import { lockRoom } from '../messages/lock-room';

export type AttachOutcome =
  | { status: 'attached'; message: MessageRow; direct: boolean; private: boolean }
  | { status: 'skipped' };

/**
 * Shows the preview of `url` under a message, with a new version, under the room's lock (versions commit in
 * order within a room, see insertMessage), then the message as it now reads. Skipped when the room is gone or
 * archived, or the message is gone, already has a preview, had one removed, or no longer links first to `url`
 * (it was edited while the page was read).
 */
export async function attachPreview(
  db: Db,
  target: { roomId: number; messageId: number; url: string; linksTo: (content: string) => boolean },
): Promise<AttachOutcome> {
  const { roomId, messageId, url } = target;
  return db.transaction().execute(async (trx): Promise<AttachOutcome> => {
    const room = await lockRoom(trx, roomId);
    if (!room || room.archived) return { status: 'skipped' };
    const { rows } = await sql<{ content: string }>`
      SELECT content FROM messages
      WHERE id = ${messageId} AND room_id = ${roomId} AND preview_url IS NULL AND NOT preview_removed`.execute(
      trx,
    );
    const content = rows[0]?.content;
    if (content === undefined || !target.linksTo(content)) return { status: 'skipped' };
    const { rows: kinds } = await sql<{ direct: boolean; private: boolean }>`
      UPDATE messages SET preview_url = ${url}, version = nextval('message_versions')
      WHERE id = ${messageId}
      RETURNING (SELECT kind = 'direct' FROM rooms WHERE id = ${roomId}) AS direct,
        (SELECT private FROM rooms WHERE id = ${roomId}) AS private`.execute(trx);
    const message = await findMessage(trx, messageId);
    const kind = kinds[0];
    return message && kind
      ? { status: 'attached', message, direct: kind.direct, private: kind.private }
      : { status: 'skipped' };
  });
}
