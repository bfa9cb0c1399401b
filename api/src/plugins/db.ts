import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Background } from '../db/background';
import { createDatabase } from '../db/create-database';
import { type EmbeddedDatabase, openEmbeddedDatabase } from '../db/embedded-database';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';
import { seedDemoUsers } from '../db/seed-demo-users';
import type { PoolCounts } from '../metrics/api-metrics';
import { RoomPageCache } from '../repositories/room-page-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's work runs in `app.background` and does not count as work it should give way to. */
    background?: boolean;
  }
  interface FastifyInstance {
    db: Db;
    /** Where searches run: behind sends, one at a time on the embedded database (db/background). */
    background: Background;
    /** Null past one process: see RoomPageCache. */
    pages: RoomPageCache | null;
    /** The embedded database this process opened from DATA_DIR (null on PostgreSQL or a test's database). */
    embeddedDatabase: EmbeddedDatabase | null;
  }
}

/**
 * Opens the database (or takes the one a test supplies, with its pool if it has one), migrates it and closes it
 * with the app.
 */
export default fp<{ db?: Db; pool?: PoolCounts | null }>(
  async (app, options) => {
    const { database } = app.config;
    const embedded =
      !options.db && database.kind === 'pglite' ? await openEmbeddedDatabase(database.dataDir) : null;
    const opened = options.db
      ? { db: options.db, pool: options.pool ?? null }
      : embedded
        ? { db: embedded.db, pool: null }
        : await createDatabase(database);
    if (opened.pool) app.metrics.watchPool(opened.pool);
    // The same connections, with every statement counted (see DeliveryStats).
    const db = opened.db.withPlugin(app.deliveryStats.statementCounter);
    app.decorate('db', db);
    app.decorate('embeddedDatabase', embedded);
    app.decorate(
      'background',
      database.kind === 'pglite' ? embeddedBackground(app) : new Background({ slots: POSTGRES_SEARCH_SLOTS }),
    );
    // PGlite admits one process, so this one sees every write; PostgreSQL may have other API processes.
    app.decorate('pages', app.config.database.kind === 'pglite' ? new RoomPageCache() : null);
    app.addHook('onClose', async () => db.destroy());
    await migrateToLatest(db);
    if (app.config.seedDemoUsers) await seedDemoUsers(db);
  },
  { name: 'db', dependencies: ['delivery-stats', 'metrics'] },
);

/**
 * On PostgreSQL, how many searches one API process runs at once; the rest wait their turn in the process, at no
 * cost to the database. Unbounded, ten people searching took the database's cores from the sends beside them
 * (a send's p99 2.4× its own without searches, `pnpm bench --only search`); a few at a time still answer ten
 * searchers within the search row's 50 ms, since each search is a few ms of the database's time.
 */
export const POSTGRES_SEARCH_SLOTS = 2;

/** How long a search waits at most for the embedded database's thread to be free of other requests. */
export const SEARCH_MAX_WAIT_MS = 50;

/**
 * On the embedded database: one search at a time, each starting when no other request is being answered, or
 * after SEARCH_MAX_WAIT_MS: under a steady load of sends, searches take one turn per 50 ms, a few percent of
 * the thread.
 */
function embeddedBackground(app: FastifyInstance): Background {
  const answering = new WeakSet<object>();
  let count = 0;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.background) return;
    answering.add(request);
    count++;
  });
  const done = async (request: object) => {
    if (answering.delete(request)) count--;
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  return new Background({ slots: 1, busy: () => count > 0, maxWaitMs: SEARCH_MAX_WAIT_MS });
}
