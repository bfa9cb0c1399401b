import { MeSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { isAdmin } from '../repositories/users';

const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    { onRequest: app.authenticate, schema: { response: { 200: MeSchema, ...errorResponses(401) } } },
    // Read fresh (not from the token cache), so an operator's grant or revocation shows at the next call.
    async (request) => {
      const user = currentUser(request);
      return { ...user, is_admin: await isAdmin(app.db, user.id) };
    },
  );
};

export default meRoutes;
