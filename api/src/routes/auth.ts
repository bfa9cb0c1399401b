import { LoginPayloadSchema, LoginResponseSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginThrottle } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import { tooManyAttempts, validationError } from '../http/http-error';
import { errorResponses } from '../http/route-schemas';
import { issueAccessToken } from '../repositories/access-tokens';
import { findUserCredentials } from '../repositories/users';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginMaxAttempts, loginDecaySeconds } = app.config.throttle;
  const throttle = new LoginThrottle(loginMaxAttempts, loginDecaySeconds);

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
      const wait = throttle.availableIn(throttleKey);
      if (wait > 0) throw tooManyAttempts(wait);

      const user = await findUserCredentials(app.db, username);
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        throttle.hit(throttleKey);
        throw validationError({ username: [BAD_CREDENTIALS] });
      }
      throttle.clear(throttleKey);
      return {
        token: await issueAccessToken(app.db, user.id),
        user: { id: user.id, username: user.username, image: user.image },
      };
    },
  );
};

export default authRoutes;
