import { type RawBuilder, sql } from 'kysely';

/** The membership clause every statement about a room's messages checks: one row when `userId` is a member. */
const memberRow = (roomId: number, userId: number) =>
  sql`SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}`;

/** As a condition, for statements that only read. */
export const isMember = (roomId: number, userId: number): RawBuilder<boolean> =>
  sql<boolean>`EXISTS (${memberRow(roomId, userId)})`;

/**
 * As the CTE `member`, for the writes: each both acts only `WHERE EXISTS (SELECT 1 FROM member)` and answers
 * it, so the caller tells a non-member (403) from the rest without a second statement.
 */
export const memberCte = (roomId: number, userId: number): RawBuilder<unknown> =>
  sql`member AS (${memberRow(roomId, userId)})`;

/**
 * The CTEs `member`, `room`, `target` and `allowed` of a moderated change to one message (deleting it, removing
 * its preview): `allowed` has a row when the room is not archived and the caller is a member who wrote the
 * message or owns the room, or is a site administrator (never in a direct message). The caller's statement
 * acts `WHERE EXISTS (SELECT 1 FROM allowed)` and reads the rest to say why not.
 */
export const moderatedMessageCtes = (
  roomId: number,
  messageId: number,
  userId: number,
): RawBuilder<unknown> =>
  sql`${memberCte(roomId, userId)}, room AS (
      SELECT kind, private, archived_at IS NOT NULL AS archived,
        kind = 'room' AND owner_id = ${userId} AS owner,
        kind = 'room' AND coalesce((SELECT is_admin FROM users WHERE id = ${userId}), false) AS admin
      FROM rooms WHERE id = ${roomId}
    ), target AS (
      SELECT user_id FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
    ), allowed AS (
      SELECT 1 FROM room, target
      WHERE NOT room.archived AND (
        (EXISTS (SELECT 1 FROM member) AND (target.user_id = ${userId} OR room.owner)) OR room.admin
      )
    )`;
