import { MessageSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, notFound } from '../http/http-error';
import { membershipRefusal } from '../http/membership-refusal';
import { toMessageResource } from '../http/message-resource';
import { NOT_THE_PREVIEW_REMOVER, ROOM_ARCHIVED } from '../http/refusals';
import { errorResponses, MessageParamsSchema } from '../http/route-schemas';
import { serviceDeps } from '../http/service-deps';
import { currentUser } from '../plugins/auth';
import { removeLinkPreview } from '../services/remove-link-preview';

const linkPreviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // 'Remove preview': whoever may delete the message (its author, the room's owner, a site administrator),
  // refused in a delete's order; the message without its preview, at a new version (services/remove-link-preview).
  app.delete(
    '/chatrooms/:id/messages/:messageId/preview',
    {
      schema: {
        params: MessageParamsSchema,
        response: { 200: MessageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const outcome = await removeLinkPreview(serviceDeps(app, request), {
        roomId: request.params.id,
        messageId: request.params.messageId,
        userId,
      });
      switch (outcome.status) {
        case 'removed':
        case 'unchanged':
          return toMessageResource(outcome.message, app.attachments.signer, userId);
        case 'not_found':
          throw notFound();
        case 'not_member':
          throw await membershipRefusal(app.db, request.params.id);
        case 'archived':
          throw forbidden(ROOM_ARCHIVED);
        case 'not_author':
          throw forbidden(NOT_THE_PREVIEW_REMOVER);
      }
    },
  );
};

export default linkPreviewRoutes;
