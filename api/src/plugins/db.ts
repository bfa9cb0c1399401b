import fp from 'fastify-plugin';
import { createDatabase, type Db } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { seedDemoUsers } from '../db/seed-demo-users';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database (or takes the one a test supplies), migrates it and closes it with the app. */
export default fp<{ db?: Db }>(
  async (app, options) => {
    const db = options.db ?? (await createDatabase(app.config.database));
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
    await migrateToLatest(db);
    if (app.config.seedDemoUsers) await seedDemoUsers(db);
  },
  { name: 'db' },
);
