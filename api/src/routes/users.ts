import { RoomMemberSchema, UserSearchQuerySchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../http/route-schemas';
import { searchUsers } from '../repositories/users';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // Whom a direct message can be started with, by the start of their name. Every match, the caller's own
  // name included (the client leaves it out); `q` is trimmed first, so a blank one is missing (422).
  app.get(
    '/users',
    {
      schema: {
        querystring: UserSearchQuerySchema,
        response: { 200: Type.Array(RoomMemberSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => searchUsers(app.db, request.query.q),
  );
};

export default userRoutes;
