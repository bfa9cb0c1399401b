import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** The configured front ends may call with credentials; any other origin gets no CORS headers at all. */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.frontendOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
      maxAge: 7200,
    });
  },
  { name: 'cors' },
);
