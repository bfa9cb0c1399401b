import type { User } from '@chat/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokenCache } from '../auth/access-token-cache';
import { parseBearerToken, tokenMatches } from '../auth/access-tokens';
import { unauthenticated } from '../http/http-error';
import { deleteAccessToken, findAccessToken, touchAccessToken } from '../repositories/access-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Bearer token's owner, or null for anonymous requests. */
    user: User | null;
    /** The id of the valid Bearer token the request came with, or null. */
    accessTokenId: number | null;
  }
  interface FastifyInstance {
    /** Route hook that answers 401 unless a valid Bearer token came with the request. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Deletes a token; this process refuses it from the next request on, others once their cache forgets it. */
    revokeAccessToken(id: number): Promise<void>;
  }
}

/** Renewing the idle window is a write, so it happens at most once an hour per token. */
const MAX_RENEW_INTERVAL_MS = 3_600_000;

/** Identifies the caller by Bearer token only (Sanctum's API-token mode); cookies never authenticate. */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessTokenId', null);
    const { tokenCacheSeconds, accessTokens } = app.config;
    const cache = tokenCacheSeconds > 0 ? new AccessTokenCache(tokenCacheSeconds * 1000) : null;
    // A tenth of the idle window when that is shorter than an hour, so a token in use never idles out.
    const renewAfterMs = Math.min(MAX_RENEW_INTERVAL_MS, (accessTokens.idleSeconds * 1000) / 10);

    app.addHook('onRequest', async (request) => {
      const token = parseBearerToken(request.headers.authorization);
      if (!token) return;
      const cached = cache?.get(token);
      if (cached !== undefined) {
        request.user = cached;
        request.accessTokenId = cached ? token.id : null;
        return;
      }
      const found = await findAccessToken(app.db, token.id, accessTokens.idleSeconds);
      if (!found) return;
      cache?.set(token.id, found.tokenHash, found.user, found.expiresAt.getTime());
      if (!tokenMatches(found.tokenHash, token.secret)) return;
      request.user = found.user;
      request.accessTokenId = token.id;
      if (Date.now() - found.lastUsedAt.getTime() >= renewAfterMs) await touchAccessToken(app.db, token.id);
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
    });
    app.decorate('revokeAccessToken', async (id: number) => {
      await deleteAccessToken(app.db, id);
      cache?.delete(id);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user in a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
