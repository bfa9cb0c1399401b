import fp from 'fastify-plugin';
import { Background } from '../db/background';
import { createDatabase, type Db } from '../db/create-database';
import { type EmbeddedDatabase, openEmbeddedDatabase } from '../db/embedded-database';
import { migrateToLatest } from '../db/migrate';
import { seedDemoUsers } from '../db/seed-demo-users';
import type { PoolCounts } from '../metrics/api-metrics';
import { RoomPageCache } from '../repositories/room-page-cache';

declare module 'fastify' {
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
    app.decorate('background', new Background(database.kind === 'pglite' ? 1 : undefined));
    // PGlite admits one process, so this one sees every write; PostgreSQL may have other API processes.
    app.decorate('pages', app.config.database.kind === 'pglite' ? new RoomPageCache() : null);
    app.addHook('onClose', async () => db.destroy());
    await migrateToLatest(db);
    if (app.config.seedDemoUsers) await seedDemoUsers(db);
  },
  { name: 'db', dependencies: ['delivery-stats', 'metrics'] },
);
