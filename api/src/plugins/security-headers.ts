import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Helmet's headers on every answer, errors and preflights included, tuned for a JSON API that front ends on
 * other origins call: a CSP that allows nothing (no answer here is a page), attachments embeddable from any
 * origin (Cross-Origin-Resource-Policy; CORS still decides who may read JSON), HSTS only over https. An answer
 * that names no caching of its own is `no-store`: it carries a user's data and tokens. Attachment downloads set
 * their own caching and CSP, which win.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: app.config.appUrl.startsWith('https:'),
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
