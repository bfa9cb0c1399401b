import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { isMember } from '../rooms';
import type { MessageRow } from './columns';
import { findMessage } from './find-message';
import { lockRoom } from './lock-room';
import { memberCte } from './membership';

/** A foreign key violation: the message was deleted (its delete does not take the room lock) meanwhile. */
const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

export type ReactionOutcome =
  /** `changed`: false when the reaction was already there (added) or not there (removed). */
  | { status: 'done'; changed: boolean; message: MessageRow }
  | { status: 'not_found' | 'not_member' | 'too_many' | 'archived' };

/**
 * Adds (`reacted`) or removes a member's reaction, idempotently: the primary key (message, user, emoji) decides
 * races. A change also draws the message a new version, all under the room's lock, so reaction changes commit
 * in version order within the room and counts read afterwards in the transaction are exact. A new emoji on a
 * message already carrying `maxEmojis` distinct ones is refused (`too_many`). Answers the message as it now
 * reads (its reactions and version).
 */
export async function setReaction(
  db: Db,
  target: {
    roomId: number;
    messageId: number;
    userId: number;
    emoji: string;
    reacted: boolean;
    maxEmojis: number;
  },
): Promise<ReactionOutcome> {
  const { roomId, messageId, userId, emoji } = target;
  const run = db.transaction().execute(async (trx): Promise<ReactionOutcome> => {
    const room = await lockRoom(trx, roomId);
    if (room === null) return { status: 'not_found' };
    if (room.archived) return { status: (await isMember(trx, roomId, userId)) ? 'archived' : 'not_member' };
    const change = target.reacted
      ? sql`
          emojis AS (
            SELECT count(DISTINCT emoji) AS n, coalesce(bool_or(emoji = ${emoji}), false) AS has
            FROM message_reactions WHERE message_id = ${messageId}
          ), changed AS (
            INSERT INTO message_reactions (message_id, user_id, emoji)
            SELECT target.id, ${userId}::integer, ${emoji}::text FROM target, emojis
            WHERE EXISTS (SELECT 1 FROM member) AND (emojis.has OR emojis.n < ${target.maxEmojis})
            ON CONFLICT DO NOTHING
            RETURNING message_id
          )`
      : sql`
          emojis AS (SELECT true AS has), changed AS (
            DELETE FROM message_reactions
            WHERE message_id = (SELECT id FROM target) AND user_id = ${userId} AND emoji = ${emoji}
              AND EXISTS (SELECT 1 FROM member)
            RETURNING message_id
          )`;
    const { rows } = await sql<{ is_member: boolean; found: boolean; has: boolean | null; changed: boolean }>`
      WITH ${memberCte(roomId, userId)}, target AS (
        SELECT id FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
      ), ${change}, bumped AS (
        UPDATE messages SET version = nextval('message_versions')
        WHERE id = ${messageId} AND EXISTS (SELECT 1 FROM changed)
      )
      SELECT
        EXISTS (SELECT 1 FROM member) AS is_member,
        EXISTS (SELECT 1 FROM target) AS found,
        (SELECT has FROM emojis) AS has,
        EXISTS (SELECT 1 FROM changed) AS changed`.execute(trx);
    const row = rows[0];
    if (!row?.is_member) return { status: 'not_member' };
    if (!row.found) return { status: 'not_found' };
    if (target.reacted && !row.changed && row.has === false) {
      // Not there and not added: the message's emojis are at the limit (or it was deleted meanwhile).
      const stillThere = await findMessage(trx, messageId);
      if (!stillThere) return { status: 'not_found' };
      const mine = stillThere.reactions.some(
        (reaction) => reaction.emoji === emoji && reaction.user_ids.includes(userId),
      );
      if (!mine) return { status: 'too_many' };
      return { status: 'done', changed: false, message: stillThere };
    }
    const message = await findMessage(trx, messageId);
    return message ? { status: 'done', changed: row.changed, message } : { status: 'not_found' };
  });
  return run.catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return { status: 'not_found' };
    throw error;
  });
}
