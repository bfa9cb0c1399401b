import { afterAll, beforeAll } from '@rstest/core';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A test file's own database without an app, migrated the same on both engines (a PostgreSQL test database
 * starts empty, PGlite's comes from a migrated template): made before the file's tests, dropped after them.
 * Call it in a `describe`; read `db` in the tests.
 */
export function migratedDatabase(): { readonly db: Db } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.db.destroy();
    await database?.dispose();
  });
  return {
    get db() {
      if (!database) throw new Error('The database is made in beforeAll: read it in a test');
      return database.db;
    },
  };
}
