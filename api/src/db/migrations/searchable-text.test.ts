import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { SearchTextBackfill } from '../../services/backfill-search-text';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { Background } from '../background';
import { migrateToLatest } from '../migrate';
import { down, up } from './0016-searchable-text';

const quiet = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

/** Migration 0015 both ways, and the backfill that gives the messages stored before it their searched text. */
describe('migration 0015: searchable text', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.db.destroy();
    await database.dispose();
  });

  it('indexes the stored messages by what they show, in batches, newest first, after start-up', async () => {
    const { db } = database;
    const untyped = db as unknown as Kysely<unknown>;
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
    const { id: userId } = await one(
      sql<{ id: number }>`INSERT INTO users (username, password_hash) VALUES ('m15', 'x') RETURNING id`,
    );
    const { id: roomId } = await one(sql<{ id: number }>`
      INSERT INTO rooms (name, description, max_members, created_by) VALUES ('r', 'd', 5, ${userId})
      RETURNING id`);
    const matches = async (word: string) =>
      (
        await sql<{ content: string }>`
          SELECT content FROM messages WHERE room_id = ${roomId} AND search @@ to_tsquery('simple', ${word} || ':*')
          ORDER BY id`.execute(db)
      ).rows.map((row) => row.content);

    // Migrated with no message stored: nothing is owed.
    expect((await sql`SELECT 1 FROM message_search_backfill`.execute(db)).rows).toEqual([]);
    await down(untyped);
    const texts = Array.from({ length: 7 }, (_, i) => `see [page ${i}](https://addrhost.example/${i})`);
    texts.push('plain words only');
    for (const content of texts)
      await sql`INSERT INTO messages (room_id, user_id, content) VALUES (${roomId}, ${userId}, ${content})`.execute(
        db,
      );
    await up(untyped);
    // Stored before: found by their raw text until the backfill has been through them.
    expect(await matches('addrhost')).toHaveLength(7);
    expect(
      (await one(sql<{ below_id: number }>`SELECT below_id FROM message_search_backfill`)).below_id,
    ).toBe(2_147_483_647);

    // A few messages a batch: the backfill goes on until it has seen every message, then drops its row.
    let batches = 0;
    const background = new Background();
    const counting = {
      run: <T>(work: () => Promise<T>) => {
        batches++;
        return background.run(work);
      },
    };
    const backfill = new SearchTextBackfill({
      db,
      background: counting as Background,
      log: quiet,
      limits: { rows: 3, chars: 1_000 },
    });
    backfill.start();
    await backfill.idle();
    expect(batches).toBe(4);
    expect(await matches('addrhost')).toEqual([]);
    expect(await matches('page')).toEqual(texts.slice(0, 7));
    const rows = (
      await sql<{ content: string; search_text: string | null }>`
        SELECT content, search_text FROM messages WHERE room_id = ${roomId} ORDER BY id`.execute(db)
    ).rows;
    expect(rows[0]?.search_text).toBe('see  page 0'.padEnd(texts[0]?.length ?? 0));
    expect(rows.at(-1)?.search_text).toBeNull();
    expect((await sql`SELECT 1 FROM message_search_backfill`.execute(db)).rows).toEqual([]);

    // Nothing owed: a start looks once and stops.
    batches = 0;
    backfill.start();
    await backfill.idle();
    expect(batches).toBe(1);
  });
});
