import { type Kysely, sql } from 'kysely';

/**
 * Direct messages: a room of its own kind, found by its people rather than by name.
 *
 * - `rooms.kind`: `'room'` (anyone may find and join it) or `'direct'` (its members' alone; never listed,
 *   never joined).
 * - `rooms.direct_key`: a direct message's member ids, sorted and joined by `,`. The same people in any order
 *   give the same key, and its unique index makes two concurrent starts of the same conversation end in one
 *   room (the loser's insert does nothing and reads the winner's). Null for rooms: NULLs never collide.
 * - `room_members.hidden`: the direct message is out of this member's 'Your rooms': closed by them, or not yet
 *   shown to them (the others see it with its first message). A new message clears it for every member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE rooms
      ADD COLUMN kind text NOT NULL DEFAULT 'room' CHECK (kind IN ('room', 'direct')),
      ADD COLUMN direct_key text UNIQUE`.execute(db);
  await sql`ALTER TABLE room_members ADD COLUMN hidden boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE room_members DROP COLUMN hidden`.execute(db);
  await sql`ALTER TABLE rooms DROP COLUMN direct_key, DROP COLUMN kind`.execute(db);
}
