import { LoginPayloadSchema, LoginResponseSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginThrottle } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import { tooManyAttempts, unauthenticated, validationError } from '../http/http-error';
import { errorResponses } from '../http/route-schemas';
import { issueAccessToken } from '../repositories/access-tokens';
import { findUserCredentials } from '../repositories/users';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginMaxAttempts, loginDecaySeconds } = app.config.throttle;
  const throttle = new LoginThrottle({
    maxAttempts: loginMaxAttempts,
    decaySeconds: loginDecaySeconds,
    redis: app.redis,
  });

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginPayloadSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const throttleKey = `${username.toLowerCase()}|${request.ip}`;
      // Counted before the password is checked, so concurrent guesses cannot all slip under the limit.
      const wait = await throttle.reserve(throttleKey);
      if (wait > 0) throw tooManyAttempts(wait);

      const user = await findUserCredentials(app.db, username);
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) throw validationError({ username: [BAD_CREDENTIALS] });
      await throttle.clear(throttleKey);
      const { token, expiresAt } = await issueAccessToken(app.db, user.id, app.config.accessTokens);
      return {
        token,
        user: { id: user.id, username: user.username, image: user.image },
        expires_at: expiresAt,
      };
    },
  );

  // Sanctum's logout: the token the request came with is deleted; the client's other sessions live on.
  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        response: { 204: Type.Null({ description: 'The token is revoked' }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      if (request.accessTokenId === null) throw unauthenticated();
      await app.revokeAccessToken(request.accessTokenId);
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
