import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Takes the room row's lock for the rest of the transaction, as a send does: the room's name and whether it is
 * archived, or null when there is no such room.
 */
export async function lockRoom(trx: Db, roomId: number): Promise<{ name: string; archived: boolean } | null> {
  const { rows } = await sql<{ name: string; archived: boolean }>`
    SELECT name, archived_at IS NOT NULL AS archived FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE`.execute(
    trx,
  );
  return rows[0] ?? null;
}
