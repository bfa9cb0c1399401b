import fp from 'fastify-plugin';
import { SearchTextBackfill } from '../services/backfill-search-text';

declare module 'fastify' {
  interface FastifyInstance {
    /** Migration 0015's backfill of the text search reads, behind the requests (services/backfill-search-text). */
    searchTextBackfill: SearchTextBackfill;
  }
}

export default fp(
  async (app) => {
    const backfill = new SearchTextBackfill({ db: app.db, background: app.background, log: app.log });
    app.decorate('searchTextBackfill', backfill);
    app.addHook('onReady', async () => backfill.start());
    app.addHook('onClose', () => backfill.close());
  },
  { name: 'search-text-backfill', dependencies: ['db'] },
);
