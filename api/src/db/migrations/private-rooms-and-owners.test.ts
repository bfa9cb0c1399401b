import { describe, expect, it } from '@rstest/core';
import { type Kysely, sql } from 'kysely';
import { migratedDatabase } from '../../testing/migrated-database';
import { down, up } from './0012-private-rooms-and-owners';

/** Migration 0012 on a database that has rooms already: who owns each. */
describe('migration 0012: owners of existing rooms', () => {
  const database = migratedDatabase();

  it('makes the creator the owner while still a member; else, and for direct messages, nobody', async () => {
    const { db } = database;
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    const user = async (name: string) =>
      (
        await sql<{
          id: number;
        }>`INSERT INTO users (username, password_hash) VALUES (${name}, 'x') RETURNING id`.execute(db)
      ).rows[0]?.id as number;
    const room = async (name: string, creator: number, kind = 'room') =>
      (
        await sql<{
          id: number;
        }>`INSERT INTO rooms (name, description, max_members, created_by, kind, direct_key)
          VALUES (${name}, '', 10, ${creator}, ${kind}, ${kind === 'direct' ? `${creator},x` : null}) RETURNING id`.execute(
          db,
        )
      ).rows[0]?.id as number;
    const ann = await user('ann');
    const bob = await user('bob');
    const stayed = await room('stayed', ann);
    const left = await room('left', ann);
    const direct = await room('dm', ann, 'direct');
    await sql`INSERT INTO room_members (room_id, user_id) VALUES
      (${stayed}, ${ann}), (${stayed}, ${bob}), (${left}, ${bob}), (${direct}, ${ann}), (${direct}, ${bob})`.execute(
      db,
    );

    await up(untyped);
    const { rows } = await sql<{ name: string; owner_id: number | null; private: boolean }>`
      SELECT name, owner_id, private FROM rooms ORDER BY id`.execute(db);
    expect(rows).toEqual([
      { name: 'stayed', owner_id: ann, private: false },
      { name: 'left', owner_id: null, private: false },
      { name: 'dm', owner_id: null, private: false },
    ]);
  });
});
