import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { seedMessages } from '../../routes/testing/seed-messages';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { SEARCH_WAYS, type SearchWays, searchMessages, searchQuery } from './search-messages';

/**
 * Each of the search's ways to the matches (recent, indexed, walked, everything) answers what a plain scan of
 * the room answers, page after page. Small hand-over points make a room of 400 messages take each way.
 */
describe('search, by each of its ways to the matches', () => {
  let t: TestApp;
  let ann: SignedIn;
  let roomId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signIn();
    roomId = await t.createRoom(ann, 'Searched');
    const otherId = await t.createRoom(ann, 'Other');
    const seed = (room: number, from: number, count: number, words: { word: string; every: number }[]) =>
      seedMessages(t.app.db, { roomId: room, userId: ann.user.id, count, prefix: 'history', from, words });
    // `even` in every other message of 1…300, none of 301…400: common long ago, absent lately.
    await seed(otherId, 1, 300, [{ word: 'even', every: 2 }]);
    await seed(roomId, 1, 300, [
      { word: 'even', every: 2 },
      { word: 'seventh', every: 7 },
    ]);
    await seed(otherId, 301, 100, []);
    await seed(roomId, 301, 100, [{ word: 'seventh', every: 7 }]);
  });
  afterAll(() => t.close());

  /** The newest `limit` matches below `beforeId`, by looking at every message of the room. */
  const scanned = async (q: string, limit: number, beforeId: number) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM messages WHERE room_id = ${roomId} AND id < ${beforeId} AND search @@ ${searchQuery(q)}
      ORDER BY id DESC LIMIT ${limit + 1}`.execute(t.app.db);
    return rows.map((row) => row.id);
  };

  const small: SearchWays = { recentWindow: 10, indexedCap: 50, walkWindow: 120 };
  const cases: [string, string, SearchWays][] = [
    ['recent (a word in every message)', 'history', { ...small, recentWindow: 30 }],
    ['indexed (a rare prefix)', 'history 12', small],
    ['indexed (a quoted phrase)', '"history 14"', small],
    ['walked (a common word)', 'seventh', { ...small, indexedCap: 20, walkWindow: 200 }],
    ['walked (common long ago, the walk reaching it)', 'even', { ...small, walkWindow: 200 }],
    ['everything (common long ago, beyond the walk)', 'even', small],
    ['the defaults', 'even', SEARCH_WAYS],
  ];
  for (const [way, q, ways] of cases) {
    it(`answers as a scan of the room would: ${way}`, async () => {
      let beforeId = 2 ** 31 - 1;
      for (let page = 0; page < 4; page++) {
        const expected = await scanned(q, 20, beforeId);
        const found = await searchMessages(
          t.app.db,
          roomId,
          { q, beforeId, limit: 20, memberId: ann.user.id },
          ways,
        );
        expect(found.rows.map((row) => row.id)).toEqual(expected.slice(0, 20));
        expect(found.more).toBe(expected.length > 20);
        if (!found.more) break;
        beforeId = found.rows.at(-1)?.id as number;
      }
    });
  }

  it('finds nothing for a non-member', async () => {
    const outsider = await t.signIn();
    for (const [, q, ways] of cases) {
      const found = await searchMessages(
        t.app.db,
        roomId,
        { q, limit: 20, memberId: outsider.user.id },
        ways,
      );
      expect(found.rows).toEqual([]);
    }
  });
});
