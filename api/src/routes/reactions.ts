import { normaliseEmoji } from '@chat/shared/emoji-rule';
import { ReactionSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden, notFound, validationError } from '../http/http-error';
import { membershipRefusal } from '../http/membership-refusal';
import { toReactions } from '../http/message-resource';
import { NOT_AN_EMOJI, ROOM_ARCHIVED, TOO_MANY_REACTIONS } from '../http/refusals';
import { errorResponses, MessageParamsSchema } from '../http/route-schemas';
import { serviceDeps } from '../http/service-deps';
import { currentUser } from '../plugins/auth';
import { reactToMessage } from '../services/react-to-message';

const ReactionParamsSchema = Type.Object({
  id: MessageParamsSchema.properties.id,
  messageId: MessageParamsSchema.properties.messageId,
  /** Checked by the handler, so that anything but one emoji answers the same 422. */
  emoji: Type.String(),
});

const reactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // Any member's own reaction, added (PUT) or removed (DELETE), idempotently (see services/react-to-message).
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/chatrooms/:id/messages/:messageId/reactions/:emoji',
      schema: {
        params: ReactionParamsSchema,
        response: { 200: Type.Array(ReactionSchema), ...errorResponses(401, 403, 404, 422) },
      },
      handler: async (request) => {
        const emoji = normaliseEmoji(request.params.emoji);
        if (emoji === null) throw validationError({ emoji: [NOT_AN_EMOJI] });
        const userId = currentUser(request).id;
        const outcome = await reactToMessage(serviceDeps(app, request), {
          roomId: request.params.id,
          messageId: request.params.messageId,
          userId,
          emoji,
          reacted: method === 'PUT',
        });
        switch (outcome.status) {
          case 'done':
            return toReactions(outcome.message.reactions, userId);
          case 'not_found':
            throw notFound();
          case 'not_member':
            throw await membershipRefusal(app.db, request.params.id);
          case 'archived':
            throw forbidden(ROOM_ARCHIVED);
          case 'too_many':
            throw validationError({ emoji: [TOO_MANY_REACTIONS] });
        }
      },
    });
  }
};

export default reactionRoutes;
