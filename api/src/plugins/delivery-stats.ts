import fp from 'fastify-plugin';
import { DeliveryStats } from '../metrics/delivery-stats';

declare module 'fastify' {
  interface FastifyInstance {
    deliveryStats: DeliveryStats;
  }
}

/**
 * Counts database statements per route and websocket deliveries (see DeliveryStats). Registered before the
 * database, which counts through it, and before any route, whose handlers it wraps.
 */
export default fp(
  async (app) => {
    const stats = new DeliveryStats();
    app.decorate('deliveryStats', stats);
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      const name = `${route.method} ${route.url}`;
      route.handler = function (this: typeof app, request, reply) {
        return stats.inRoute(name, () => handler.call(this, request, reply));
      };
    });
  },
  { name: 'delivery-stats' },
);
