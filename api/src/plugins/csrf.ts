import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE_PATH, XSRF_COOKIE, XSRF_HEADER as XSRF_HEADER_NAME } from '@chat/shared/constants';
import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { csrfMismatch } from '../http/http-error';

export { CSRF_COOKIE_PATH, XSRF_COOKIE };
/** Node lower-cases incoming header names. */
export const XSRF_HEADER = XSRF_HEADER_NAME.toLowerCase();
/** Laravel's default session lifetime: a stale cookie heals itself within two hours. */
const COOKIE_MAX_AGE_SECONDS = 120 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit token, HMAC-signed with APP_KEY so a cookie planted from a sibling subdomain cannot pass:
 * the attacker can set a cookie there but cannot sign one.
 */
function tokenSigner(appKey: string) {
  const sign = (nonce: string) => createHmac('sha256', appKey).update(`xsrf:${nonce}`).digest('base64url');
  return {
    issue: () => {
      const nonce = randomBytes(32).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isGenuine: (token: string) => {
      const [nonce, signature] = token.split('.');
      if (!nonce || !signature) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/**
 * Sanctum's rule: a state-changing request a browser sends from one of our front ends must echo the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, else 419. Requests with no such Origin (servers, CLI, tests) carry no
 * ambient credentials worth forging, since they authenticate by Bearer token only.
 */
export default fp(
  async (app) => {
    const { frontendOrigins, sessionDomain, appUrl, appKey } = app.config;
    const origins = new Set(frontendOrigins);
    const tokens = tokenSigner(appKey);
    await app.register(cookie);

    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (!origin || !origins.has(origin)) return;
      const header = request.headers[XSRF_HEADER];
      const cookieValue = request.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || !cookieValue || header !== cookieValue || !tokens.isGenuine(header)) {
        throw csrfMismatch();
      }
    });

    app.get(
      CSRF_COOKIE_PATH,
      { schema: { response: { 204: { type: 'null', description: 'Sets the XSRF-TOKEN cookie' } } } },
      async (_request, reply) => {
        reply.setCookie(XSRF_COOKIE, tokens.issue(), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: appUrl.startsWith('https:'),
          maxAge: COOKIE_MAX_AGE_SECONDS,
          ...(sessionDomain ? { domain: sessionDomain } : {}),
        });
        return reply.code(204).send();
      },
    );
  },
  { name: 'csrf' },
);
