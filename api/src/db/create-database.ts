import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { openEmbeddedDatabase } from './embedded-database';
import { PGlitePool } from './pglite-pool';
import type { Database, Db } from './schema';

export interface OpenedDatabase {
  db: Db;
  /** node-postgres's pool on PostgreSQL, whose counts are metrics; null on PGlite (one session, no pool). */
  pool: pg.Pool | null;
}

/** One typed query layer over either engine: the same SQL and migrations run on PGlite and on PostgreSQL. */
export async function createDatabase(database: Config['database']): Promise<OpenedDatabase> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, connectionTimeoutMillis: 10_000 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
  }
  return { db: (await openEmbeddedDatabase(database.dataDir)).db, pool: null };
}

export function fromPGlite(pglite: PGlite): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
}
