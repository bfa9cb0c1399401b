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
