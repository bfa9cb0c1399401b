import { sql } from 'kysely';

/**
 * The members of `roomId` that `names` (candidates from `mentionedNames`, in order of first use) name,
 * regardless of case, on the unique index of `lower(username)`: `user_id`, `position` (0, 1, …).
 */
export function mentionedMembers(roomId: number, names: readonly string[]) {
  return sql`
    SELECT mu.id AS user_id, (row_number() OVER (ORDER BY min(t.ord)) - 1)::smallint AS position
    FROM unnest(${names as string[]}::text[]) WITH ORDINALITY AS t (name, ord)
    JOIN users AS mu ON lower(mu.username) = lower(t.name)
    JOIN room_members AS mr ON mr.room_id = ${roomId} AND mr.user_id = mu.id
    GROUP BY mu.id`;
}
