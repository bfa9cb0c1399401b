import { LoginPayloadSchema, UserSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword } from '../auth/passwords';
import { validationError } from '../http/http-error';
import { errorResponses } from '../http/route-schemas';
import { insertUser } from '../repositories/users';

/**
 * Only when ENABLE_TEST_ENDPOINTS=true: lets end-to-end fixtures create users through the running server,
 * since the embedded database cannot be opened by a second process meanwhile. Never enable in production.
 */
const testingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/testing/users',
    { schema: { body: LoginPayloadSchema, response: { 201: UserSchema, ...errorResponses(422) } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await insertUser(app.db, username, await hashPassword(password));
      if (!user) throw validationError({ username: ['The username has already been taken.'] });
      return reply.code(201).send(user);
    },
  );
};

export default testingRoutes;
