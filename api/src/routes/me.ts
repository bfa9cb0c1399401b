import { UserSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';

const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    { onRequest: app.authenticate, schema: { response: { 200: UserSchema, ...errorResponses(401) } } },
    async (request) => currentUser(request),
  );
};

export default meRoutes;
