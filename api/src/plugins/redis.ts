import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where throttle counters shared by every API process live (REDIS_URL); null: this process counts alone. */
    redis: Redis | null;
  }
}

/** One connection per process, opened at start-up so a wrong REDIS_URL stops the server at once. */
export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // No offline queue: while Redis is away a throttle call fails at once and its fallback takes over,
    // instead of requests waiting for the reconnection.
    const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
