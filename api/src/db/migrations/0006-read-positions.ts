import { type Kysely, sql } from 'kysely';

/**
 * Each membership remembers the newest message its member has seen, so unread counts hold across devices and
 * reloads. Members already in a room start caught up (their rooms' history is not suddenly all unread); a
 * null position means nothing read yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE room_members ADD COLUMN last_read_message_id integer`.execute(db);
  await sql`
    UPDATE room_members SET last_read_message_id = rooms.last_message_id
    FROM rooms WHERE rooms.id = room_members.room_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE room_members DROP COLUMN last_read_message_id`.execute(db);
}
