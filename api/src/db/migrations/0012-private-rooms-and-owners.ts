import { type Kysely, sql } from 'kysely';

/**
 * Private rooms, owners, removals and the audit log.
 *
 * - `rooms.private`: the room exists for its members only (404 to anyone else, never listed, its events on its
 *   members' own channels). People come in by the owner's invitation.
 * - `rooms.owner_id`: who may change the room, invite, remove, and make another member owner. Existing rooms
 *   get their creator if that user is still a member, else nobody; direct messages have none.
 * - `room_removals`: members an owner removed. In a public room, their Join is refused until an owner invites
 *   them back (which deletes the row).
 * - `audit_log`: every owner's action (settings, invite, remove, make owner), for operators (`pnpm audit`).
 *   No foreign keys on its ids: the record outlives the room or the user it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE rooms
      ADD COLUMN private boolean NOT NULL DEFAULT false,
      ADD COLUMN owner_id integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`
    UPDATE rooms SET owner_id = created_by
    WHERE kind = 'room' AND created_by IS NOT NULL
      AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = rooms.id AND m.user_id = rooms.created_by)`.execute(
    db,
  );
  await sql`
    CREATE TABLE room_removals (
      room_id integer NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      removed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id integer,
      action text NOT NULL,
      room_id integer,
      target_user_id integer,
      details jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_room ON audit_log (room_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP TABLE room_removals`.execute(db);
  await sql`ALTER TABLE rooms DROP COLUMN owner_id, DROP COLUMN private`.execute(db);
}
