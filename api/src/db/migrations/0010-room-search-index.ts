import { type Kysely, sql } from 'kysely';

/**
 * Search starts from the room: a GIN index on `(room_id, search)` (btree_gin lets GIN hold the room's id as a
 * key beside the words) gives only the room's matches, where the index of 0009 gave every room's and each one
 * was then read from the table to be thrown away: in a database of a hundred rooms, a hundred times the work
 * (api/README.md, Search). It replaces that index. `fastupdate = off` as before: PGlite has no autovacuum to
 * empty a pending list. btree_gin is a trusted extension (PostgreSQL 13+): the database's owner may create it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`
    CREATE INDEX messages_room_search ON messages USING gin (room_id, search) WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`DROP INDEX messages_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX messages_search ON messages USING gin (search) WITH (fastupdate = off)`.execute(db);
  await sql`DROP INDEX messages_room_search`.execute(db);
}
