import {
  MESSAGE_CONTENT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MessageSchema,
  MessagesQuerySchema,
  SendMessagePayloadSchema,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden, notFound, validationError } from '../http/http-error';
import { toMessageResource } from '../http/message-resource';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { pageMessages } from '../repositories/messages';
import { isMember, roomExists } from '../repositories/rooms';
import { sendMessage } from '../services/send-message';

export const NOT_A_MEMBER = 'You are not a member of this room.';
export const NOT_AN_IMAGE = 'The attachment field must be a file of type: png, jpg, jpeg.';

/** The image form: `content` may be blank, the file arrives as a Buffer (see the body-parsers plugin). */
const MultipartMessageSchema = Type.Object({
  content: Type.Optional(Type.String({ maxLength: MESSAGE_CONTENT_MAX })),
  client_msg_id: Type.Optional(Type.String({ format: 'uuid' })),
  attachment: Type.Optional(Type.Unsafe<Buffer | string>({ description: 'PNG or JPEG image' })),
});

interface SendBody {
  content?: string;
  client_msg_id?: string;
  attachment?: Buffer | string;
}

const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/chatrooms/:id/messages',
    {
      schema: {
        params: RoomParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: Type.Array(MessageSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      const userId = currentUser(request).id;
      const { after_id, before_id, limit } = request.query;
      const rows = await pageMessages(app.db, roomId, {
        afterId: after_id,
        beforeId: before_id,
        limit: limit ?? MESSAGES_PAGE_DEFAULT,
        memberId: userId,
      });
      // No rows: an empty page, or the caller may not read this room (which only then costs a second look).
      if (rows.length === 0 && !(await isMember(app.db, roomId, userId))) {
        throw (await roomExists(app.db, roomId)) ? forbidden(NOT_A_MEMBER) : notFound();
      }
      return rows.map((row) => toMessageResource(row, app.attachments.signer));
    },
  );

  app.post(
    '/chatrooms/:id/messages',
    {
      schema: {
        params: RoomParamsSchema,
        body: {
          content: {
            'application/json': { schema: SendMessagePayloadSchema },
            'application/x-www-form-urlencoded': { schema: SendMessagePayloadSchema },
            'multipart/form-data': { schema: MultipartMessageSchema },
          },
        },
        response: { 200: MessageSchema, 201: MessageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as SendBody;
      const { attachment } = body;
      if (attachment !== undefined && !Buffer.isBuffer(attachment))
        throw validationError({ attachment: [NOT_AN_IMAGE] });
      if (!attachment && !body.content)
        throw validationError({ content: ['The content field is required.'] });

      const outcome = await sendMessage(
        { db: app.db, store: app.attachments.store, publisher: app.publisher, log: request.log },
        {
          roomId: request.params.id,
          userId: currentUser(request).id,
          content: body.content ?? '',
          clientMsgId: body.client_msg_id ?? null,
          attachment: attachment ?? null,
        },
      );
      switch (outcome.status) {
        case 'not_found':
          throw notFound();
        case 'not_member':
          throw forbidden(NOT_A_MEMBER);
        case 'not_an_image':
          throw validationError({ attachment: [NOT_AN_IMAGE] });
        default:
          return reply
            .code(outcome.status === 'created' ? 201 : 200)
            .send(toMessageResource(outcome.message, app.attachments.signer));
      }
    },
  );
};

export default messageRoutes;
