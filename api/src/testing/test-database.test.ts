import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { fromPGlite } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { openPGlite } from '../db/open-pglite';
import { pgliteFromTemplate } from './test-database';

describe('test databases from a PGlite template', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('makes two working databases in one process from a template that does not exist yet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chat-template-'));
    dirs.push(dir);

    const first = await pgliteFromTemplate(dir); // builds the template
    expect(await readdir(dir)).toHaveLength(1);
    const second = await pgliteFromTemplate(dir); // loads it
    for (const db of [first, second]) {
      // Runs the statements migration and the app prepare; a second pool over one session used to collide.
      await migrateToLatest(db);
      const { rows } = await sql<{ users: number }>`SELECT count(*)::int AS users FROM users`.execute(db);
      expect(rows).toEqual([{ users: 0 }]);
      await db.destroy();
    }
    // Building the template is a PGlite initdb plus every migration: 30 s was not enough on a fresh, busy machine.
  }, 120_000);

  it('gives two pools over one PGlite session distinct prepared statements', async () => {
    const pglite = await openPGlite();
    const migrating = fromPGlite(pglite);
    await migrateToLatest(migrating);
    const app = fromPGlite(pglite);
    const count = sql<{ n: number }>`SELECT count(*)::int AS n FROM rooms`;
    expect((await count.execute(migrating)).rows).toEqual([{ n: 0 }]);
    expect((await count.execute(app)).rows).toEqual([{ n: 0 }]);
    await app.destroy();
  });
});
