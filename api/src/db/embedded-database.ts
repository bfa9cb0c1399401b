import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { openPGlite } from './open-pglite';
import { claimPGlite, type PGliteLock } from './pglite-lock';
import { PGlitePool } from './pglite-pool';
import type { Database, Db } from './schema';

/** The embedded database of a data folder, held by this process until `db.destroy()`. */
export interface EmbeddedDatabase {
  db: Db;
  lock: PGliteLock;
  /**
   * The data folder as a gzipped tar, consistent: taken between two of the pool's transactions (it waits its
   * turn for the pool's one connection, so no transaction of the app is half done) after a CHECKPOINT (every
   * change is in the data files, not only in the write-ahead log). Only the process holding the database can
   * take it: PGlite's memory is that process's.
   */
  dumpDataDir(): Promise<Blob>;
}

/** Whether `dataDir` holds a database already (PGlite would otherwise create one on opening it). */
export const hasEmbeddedDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const lock = claimPGlite(dataDir);
  let pglite: PGlite;
  try {
    mkdirSync(dataDir, { recursive: true });
    pglite = await openPGlite({ dataDir });
  } catch (error) {
    lock.release();
    throw error;
  }
  const pool = new PGlitePool(pglite, { onEnd: () => lock.release() });
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    lock,
    async dumpDataDir() {
      const connection = await pool.connect();
      try {
        await connection.query('CHECKPOINT', []);
        return await pglite.dumpDataDir('gzip');
      } finally {
        connection.release();
      }
    },
  };
}
