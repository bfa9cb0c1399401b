import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Takes the room row's lock for the rest of the transaction, as a send does: the room's name, or null when
 * there is no such room.
 */
export async function lockRoom(trx: Db, roomId: number): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE`.execute(trx);
  return rows[0]?.name ?? null;
}
