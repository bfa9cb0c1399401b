import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { tooManyAttempts } from '../http/http-error';

/**
 * Laravel's `throttle:api`: a budget per minute per signed-in user, or per IP for anonymous calls. It runs
 * after authentication (preHandler), so one user's tabs share a budget and bad tokens cannot rotate keys.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.throttle.apiPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: () => tooManyAttempts(),
    });
  },
  { name: 'rate-limit' },
);
