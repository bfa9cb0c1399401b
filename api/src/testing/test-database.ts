import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { API_ROOT } from '../config';
import { fromPGlite } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { openPGlite } from '../db/open-pglite';
import type { Database, Db } from '../db/schema';

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL pool behind `db` (its counts are metrics); null on PGlite. */
  pool: pg.Pool | null;
  /** The throwaway database's address on a real PostgreSQL (for more connections, as other processes); none on PGlite. */
  url?: string;
  /** Drops what the test created; call after the app (which destroys `db`) is closed. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database per call. With TEST_DATABASE_URL (CI) it is a throwaway database in that real
 * PostgreSQL server; otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url
    ? createPostgresDatabase(url)
    : { db: await pgliteFromTemplate(), pool: null, dispose: async () => {} };
}

/**
 * A database, not a schema, per test file: the migrator reads the catalog of every schema in its database
 * (Kysely's introspection, `pg_get_serial_sequence` on each table), and a schema that another test file drops
 * meanwhile failed it with "schema test_… does not exist". Catalogs are per database.
 */
async function createPostgresDatabase(url: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: own.href, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    url: own.href,
    dispose: async () => {
      // Not WITH (FORCE): the pool has ended its clients, but their server processes may still be exiting,
      // and FORCE would kill them, raising an error on a client socket nobody listens to any more. A plain
      // DROP waits (up to 5 s) for them to go.
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

/**
 * Creating a PGlite cluster runs initdb (seconds); loading a dump of an already migrated one takes a fraction.
 * The dump is keyed by the migrations' source, so editing a migration rebuilds it. The database that built the
 * template is handed out through the same pool that migrated it: one pool per PGlite session.
 */
export async function pgliteFromTemplate(templateDir = tmpdir()): Promise<Db> {
  const migrationsDir = join(API_ROOT, 'src/db/migrations');
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort())
    digest.update(readFileSync(join(migrationsDir, file)));
  const templatePath = join(templateDir, `chat-api-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(templatePath)) {
    return fromPGlite(await openPGlite({ loadDataDir: new Blob([await readFile(templatePath)]) }));
  }
  const pglite = await openPGlite();
  const db = fromPGlite(pglite);
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  // Parallel workers may race to build it: write aside, then rename atomically.
  const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, templatePath);
  return db;
}
