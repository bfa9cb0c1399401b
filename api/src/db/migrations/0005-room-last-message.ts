import { type Kysely, sql } from 'kysely';

/**
 * Each room remembers its newest message id, written by the send that creates it while that send holds the
 * room row. A send reads the value it replaces under the same lock, so it knows its predecessor exactly (a
 * `max(id)` in the same statement could not: its snapshot predates the lock wait), and the room's live event
 * can tell readers what must come before the message without a read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rooms ADD COLUMN last_message_id integer`.execute(db);
  await sql`
    UPDATE rooms SET last_message_id = (SELECT max(id) FROM messages WHERE messages.room_id = rooms.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rooms DROP COLUMN last_message_id`.execute(db);
}
