import {
  EditMessagePayloadSchema,
  MESSAGES_PAGE_DEFAULT,
  MessageSchema,
  MessagesQuerySchema,
  SEARCH_PAGE_DEFAULT,
  SearchMessagesQuerySchema,
  SearchMessagesResponseSchema,
  SendMessagePayloadSchema,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UnusableImageError } from '../attachments/reencode-image';
import { forbidden, notFound, validationError } from '../http/http-error';
import { membershipRefusal } from '../http/membership-refusal';
import { toMessageResource } from '../http/message-resource';
import { messageTreeOf } from '../http/message-tree-of';
import {
  AROUND_ID_ALONE,
  CHANGED_AFTER_NEEDS_AFTER_ID,
  CONTENT_REQUIRED,
  NOT_AN_IMAGE,
  NOT_THE_AUTHOR,
  NOT_THE_EDITOR,
  REPLY_INVALID,
  ROOM_ARCHIVED,
  tooManyPixels,
} from '../http/refusals';
import { errorResponses, MessageParamsSchema, RoomParamsSchema } from '../http/route-schemas';
import { serviceDeps } from '../http/service-deps';
import { currentUser } from '../plugins/auth';
import { pageAround } from '../repositories/messages/page-around';
import { pageMessages } from '../repositories/messages/page-messages';
import { highlightsOf, searchMessages } from '../repositories/messages/search-messages';
import { isMember } from '../repositories/rooms';
import { deleteMessage } from '../services/delete-message';
import { editMessage } from '../services/edit-message';
import { sendMessage } from '../services/send-message';

/** The store refuses an image it cannot re-encode: a 422 on the attachment, like the other upload checks. */
function unusableImageAs422(error: unknown): never {
  if (!(error instanceof UnusableImageError)) throw error;
  const reason = error.reason === 'too_many_pixels' ? tooManyPixels(error.maxPixels) : NOT_AN_IMAGE;
  throw validationError({ attachment: [reason] });
}

/**
 * One schema for every encoding, so a body of any other type, or none at all, is validated too (a schema per
 * content type let those reach the handler unchecked). `content` may be blank when an image comes (the
 * handler requires one of the two); the file arrives as a Buffer (see the body-parsers plugin).
 */
const SendMessageBodySchema = Type.Object({
  content: Type.Optional(SendMessagePayloadSchema.properties.content),
  client_msg_id: SendMessagePayloadSchema.properties.client_msg_id,
  reply_to_id: SendMessagePayloadSchema.properties.reply_to_id,
  attachment: Type.Optional(Type.Unsafe<Buffer | string>({ description: 'PNG or JPEG image' })),
});

interface SendBody {
  content?: string;
  client_msg_id?: string;
  reply_to_id?: number;
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
      const {
        after_id,
        before_id,
        around_id,
        changed_after,
        include,
        limit = MESSAGES_PAGE_DEFAULT,
      } = request.query;
      if (changed_after !== undefined && after_id === undefined)
        throw validationError({ changed_after: [CHANGED_AFTER_NEEDS_AFTER_ID] });
      if (around_id !== undefined && (after_id !== undefined || before_id !== undefined))
        throw validationError({ around_id: [AROUND_ID_ALONE] });
      // Opening a room reads its newest page: kept in memory where one process makes every write.
      const cached =
        app.pages && after_id === undefined && before_id === undefined && around_id === undefined
          ? await app.pages.newestPage(app.db, roomId, userId, limit)
          : undefined;
      const rows =
        cached !== undefined
          ? (cached ?? [])
          : around_id !== undefined
            ? await pageAround(app.db, roomId, { aroundId: around_id, limit, memberId: userId })
            : await pageMessages(app.db, roomId, {
                afterId: after_id,
                beforeId: before_id,
                changedAfter: changed_after,
                limit,
                memberId: userId,
              });
      // From the database, no rows: an empty page, or the caller may not read this room (which only then
      // costs a second look). The cache answers null to a non-member.
      const mayRead =
        cached !== undefined ? cached !== null : rows.length > 0 || (await isMember(app.db, roomId, userId));
      if (!mayRead) throw await membershipRefusal(app.db, roomId);
      const messages = rows.map((row) => toMessageResource(row, app.attachments.signer, userId));
      if (include === 'tree')
        for (const [index, message] of messages.entries())
          message.tree = messageTreeOf(message.content, rows[index]?.tree);
      return messages;
    },
  );

  // Full-text search of a room's messages, members only, newest first (see repositories/messages/search-messages).
  app.get(
    '/chatrooms/:id/messages/search',
    {
      config: { background: true },
      schema: {
        params: RoomParamsSchema,
        querystring: SearchMessagesQuerySchema,
        response: { 200: SearchMessagesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      const userId = currentUser(request).id;
      const { q, before_id, limit = SEARCH_PAGE_DEFAULT } = request.query;
      // Searching gives way to sending on the embedded database's one thread (db/background).
      const page = await app.background.run(async () => {
        const found = await searchMessages(app.db, roomId, {
          q,
          beforeId: before_id,
          limit,
          memberId: userId,
        });
        if (found.rows.length === 0 && !(await isMember(app.db, roomId, userId)))
          throw await membershipRefusal(app.db, roomId);
        return found;
      });
      return {
        results: page.rows.map((row) => ({
          message: toMessageResource(row, app.attachments.signer, userId),
          highlights: highlightsOf(row.search_text ?? row.content, row.headline),
        })),
        next_before_id: page.more ? (page.rows.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.post(
    '/chatrooms/:id/messages',
    {
      schema: {
        params: RoomParamsSchema,
        // For the OpenAPI document: an image comes as multipart (see the body-parsers plugin).
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: SendMessageBodySchema,
        response: { 200: MessageSchema, 201: MessageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as SendBody;
      const { attachment } = body;
      if (attachment !== undefined && !Buffer.isBuffer(attachment))
        throw validationError({ attachment: [NOT_AN_IMAGE] });
      if (!attachment && !body.content) throw validationError({ content: [CONTENT_REQUIRED] });
      const userId = currentUser(request).id;

      const outcome = await sendMessage(serviceDeps(app, request), {
        roomId: request.params.id,
        userId,
        content: body.content ?? '',
        clientMsgId: body.client_msg_id ?? null,
        attachment: attachment ?? null,
        replyToId: body.reply_to_id ?? null,
      }).catch(unusableImageAs422);
      switch (outcome.status) {
        case 'not_found':
          throw notFound();
        case 'not_member':
          throw await membershipRefusal(app.db, request.params.id);
        case 'not_an_image':
          throw validationError({ attachment: [NOT_AN_IMAGE] });
        case 'reply_invalid':
          throw validationError({ reply_to_id: [REPLY_INVALID] });
        case 'archived':
          throw forbidden(ROOM_ARCHIVED);
        default:
          if (outcome.status === 'created') app.metrics.messagesSent.inc();
          return reply
            .code(outcome.status === 'created' ? 201 : 200)
            .send(toMessageResource(outcome.message, app.attachments.signer, userId));
      }
    },
  );

  // Its author's, the room owner's, or a site administrator's (any room but a direct message); the message goes
  // for everyone, with its stored image (see services/delete-message).
  app.delete(
    '/chatrooms/:id/messages/:messageId',
    {
      schema: {
        params: MessageParamsSchema,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const outcome = await deleteMessage(serviceDeps(app, request), {
        roomId: request.params.id,
        messageId: request.params.messageId,
        userId: currentUser(request).id,
      });
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'not_member') throw await membershipRefusal(app.db, request.params.id);
      if (outcome === 'archived') throw forbidden(ROOM_ARCHIVED);
      if (outcome === 'not_author') throw forbidden(NOT_THE_AUTHOR);
      return reply.code(204).send(null);
    },
  );

  // Its author's only: the new text, `edited_at`, a new version, and MessageUpdated (see services/edit-message).
  // PUT too, as Laravel's resource routes take both: a chat-remote in a shell deployed before edits has an
  // http client without `patch`, and edits through PUT.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/chatrooms/:id/messages/:messageId',
    schema: {
      params: MessageParamsSchema,
      body: EditMessagePayloadSchema,
      response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const userId = currentUser(request).id;
      const outcome = await editMessage(serviceDeps(app, request), {
        roomId: request.params.id,
        messageId: request.params.messageId,
        userId,
        content: request.body.content ?? '',
      });
      switch (outcome.status) {
        case 'edited':
          return toMessageResource(outcome.message, app.attachments.signer, userId);
        case 'not_found':
          throw notFound();
        case 'not_member':
          throw await membershipRefusal(app.db, request.params.id);
        case 'not_author':
          throw forbidden(NOT_THE_EDITOR);
        case 'content_required':
          throw validationError({ content: [CONTENT_REQUIRED] });
        case 'archived':
          throw forbidden(ROOM_ARCHIVED);
      }
    },
  });
};

export default messageRoutes;
