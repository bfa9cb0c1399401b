import fp from 'fastify-plugin';
import { bodyOf, errorResponses } from '../http/route-schemas';
import { ApiMetrics } from '../metrics/api-metrics';
import { metricsAccessRefusal } from '../metrics/metrics-access';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

/** Requests that matched no route (404s) share one label: raw URLs would make a series per path tried. */
const NO_ROUTE = '(no route)';

/**
 * Prometheus metrics of this app (see ApiMetrics) and `GET /metrics`, which serves them to this machine or to
 * METRICS_TOKEN's bearer (see metricsAccessRefusal). Outside `/api`, so the API throttle never counts a
 * scrape. Registered after delivery-stats, which it reads, and before the database and the publisher, which
 * report to it.
 */
export default fp(
  async (app) => {
    const metrics = new ApiMetrics(app.deliveryStats);
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? NO_ROUTE,
        status_code: reply.statusCode,
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });

    app.get(
      '/metrics',
      {
        schema: {
          response: {
            200: bodyOf('Prometheus text exposition format', 'text/plain'),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request, reply) => {
        const refusal = metricsAccessRefusal(request.raw, app.config.metricsToken);
        if (refusal) throw refusal;
        return reply.type(metrics.contentType).send(await metrics.text());
      },
    );
  },
  { name: 'metrics', dependencies: ['delivery-stats'] },
);
