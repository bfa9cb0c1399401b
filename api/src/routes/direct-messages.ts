import { CreateDirectMessagePayloadSchema, RoomSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound, validationError } from '../http/http-error';
import { DIRECT_MESSAGE_NEEDS_OTHERS, TOO_MANY_OTHERS, unknownUsername } from '../http/refusals';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { publishDirectMessageClosed } from '../realtime/direct-message-closed';
import { closeDirectMessage } from '../repositories/direct-messages/close-direct-message';
import { listDirectMessages } from '../repositories/direct-messages/list-direct-messages';
import { startDirectMessage } from '../repositories/direct-messages/start-direct-message';

const directMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // The caller's open conversations, most recently active first (closed ones come back with a message).
  app.get(
    '/direct-messages',
    { schema: { response: { 200: Type.Array(RoomSchema), ...errorResponses(401) } } },
    async (request) => listDirectMessages(app.db, currentUser(request).id),
  );

  // Starting a conversation that exists (the same people, in any order) opens it: 200 instead of 201. Nothing
  // is published: the others hear of it with its first message, on their own channels.
  app.post(
    '/direct-messages',
    {
      schema: {
        body: CreateDirectMessagePayloadSchema,
        response: { 200: RoomSchema, 201: RoomSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const outcome = await startDirectMessage(app.db, {
        creatorId: currentUser(request).id,
        usernames: request.body.usernames,
      });
      switch (outcome.status) {
        case 'unknown':
          throw validationError({ usernames: [unknownUsername(outcome.username)] });
        case 'no_others':
          throw validationError({ usernames: [DIRECT_MESSAGE_NEEDS_OTHERS] });
        case 'too_many':
          throw validationError({ usernames: [TOO_MANY_OTHERS] });
        default:
          return reply.code(outcome.status === 'created' ? 201 : 200).send(outcome.room);
      }
    },
  );

  // Out of the caller's 'Your rooms' until the next message; their other tabs hear it (DirectMessageClosed).
  // A failed publish is logged and the close stands: the other tabs catch up at their next read of the list.
  app.post(
    '/direct-messages/:id/close',
    {
      schema: { params: RoomParamsSchema, response: { 204: Type.Null(), ...errorResponses(401, 404) } },
    },
    async (request, reply) => {
      const roomId = request.params.id;
      const userId = currentUser(request).id;
      if (!(await closeDirectMessage(app.db, roomId, userId))) throw notFound();
      await publishDirectMessageClosed(app.publisher, userId, { room_id: roomId }).catch((error: unknown) =>
        request.log.warn({ err: error, roomId }, 'DirectMessageClosed broadcast failed'),
      );
      return reply.code(204).send(null);
    },
  );
};

export default directMessageRoutes;
