import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { tooManyAttempts } from '../http/http-error';

/**
 * Laravel's `throttle:api`: a budget per minute per signed-in user, or per IP for anonymous calls. It runs
 * after authentication (preHandler), so one user's tabs share a budget and bad tokens cannot rotate keys.
 * With Redis every API process draws on the same budget; should Redis fail, requests go through unthrottled
 * (the login throttle, which guards passwords, falls back to per-process counting instead).
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
      ...(app.redis ? { redis: app.redis, nameSpace: 'chat-api-throttle:', skipOnError: true } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
