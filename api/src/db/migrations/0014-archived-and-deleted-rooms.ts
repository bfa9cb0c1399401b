import { type Kysely, sql } from 'kysely';

/**
 * Archiving and deleting rooms.
 *
 * - `rooms.archived_at`: when its owner (or an administrator) archived it; null while it is open. An archived
 *   room is read-only for everyone (docs/api.md, Archived rooms).
 * - `messages.room_id` no longer cascades from `rooms`: deleting a room deletes its row, members and removals
 *   in the request's transaction (so it answers 404 at once), and its messages (with their reactions and
 *   mentions) are purged afterwards in small batches (services/purge-room). A cascade would delete a
 *   100,000-message room in the one statement that holds the embedded database's only thread. A send that
 *   raced the delete cannot orphan a message: sends take the room row's lock, which the delete holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rooms ADD COLUMN archived_at timestamptz`.execute(db);
  await sql`ALTER TABLE messages DROP CONSTRAINT messages_room_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM messages WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE rooms.id = messages.room_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE messages ADD CONSTRAINT messages_room_id_fkey
      FOREIGN KEY (room_id) REFERENCES rooms (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE rooms DROP COLUMN archived_at`.execute(db);
}
