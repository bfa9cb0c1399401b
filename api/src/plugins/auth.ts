import type { User } from '@chat/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokenCache } from '../auth/access-token-cache';
import { parseBearerToken, tokenMatches } from '../auth/access-tokens';
import { unauthenticated } from '../http/http-error';
import { findAccessToken } from '../repositories/access-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Bearer token's owner, or null for anonymous requests. */
    user: User | null;
  }
  interface FastifyInstance {
    /** Route hook that answers 401 unless a valid Bearer token came with the request. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Identifies the caller by Bearer token only (Sanctum's API-token mode); cookies never authenticate. */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    const { tokenCacheSeconds } = app.config;
    const cache = tokenCacheSeconds > 0 ? new AccessTokenCache(tokenCacheSeconds * 1000) : null;
    app.addHook('onRequest', async (request) => {
      const token = parseBearerToken(request.headers.authorization);
      if (!token) return;
      const cached = cache?.get(token);
      if (cached !== undefined) {
        request.user = cached;
        return;
      }
      const found = await findAccessToken(app.db, token.id);
      if (!found) return;
      cache?.set(token.id, found.tokenHash, found.user);
      request.user = tokenMatches(found.tokenHash, token.secret) ? found.user : null;
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user in a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
