import { describe, expect, it } from '@rstest/core';
import { type Kysely, sql } from 'kysely';
import { migratedDatabase } from '../../testing/migrated-database';
import { down, up } from './0014-archived-and-deleted-rooms';

/** Migration 0014 both ways: `archived_at`, and messages that no longer cascade from their room. */
describe('migration 0014: archived and deleted rooms', () => {
  const database = migratedDatabase();

  it("leaves a deleted room's messages for the purge, and down drops orphans before restoring the cascade", async () => {
    const { db } = database;
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
    const { id: userId } = await one(
      sql<{ id: number }>`INSERT INTO users (username, password_hash) VALUES ('m14', 'x') RETURNING id`,
    );
    const room = async () =>
      (
        await one(sql<{ id: number }>`
          INSERT INTO rooms (name, description, max_members, created_by) VALUES ('r', 'd', 5, ${userId})
          RETURNING id`)
      ).id;
    const [gone, kept] = [await room(), await room()];
    for (const id of [gone, kept])
      await sql`INSERT INTO messages (room_id, user_id, content) VALUES (${id}, ${userId}, 'x')`.execute(db);
    expect(
      (await one(sql<{ archived_at: Date | null }>`SELECT archived_at FROM rooms WHERE id = ${kept}`))
        .archived_at,
    ).toBeNull();

    await sql`DELETE FROM rooms WHERE id = ${gone}`.execute(db);
    const count = async (id: number) =>
      (await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE room_id = ${id}`)).n;
    expect(await count(gone)).toBe(1);

    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    expect([await count(gone), await count(kept)]).toEqual([0, 1]);
    await up(untyped);
    expect(await count(kept)).toBe(1);
  });
});
