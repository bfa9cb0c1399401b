import { BroadcastAuthPayloadSchema, BroadcastAuthResponseSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../http/http-error';
import { errorResponses } from '../http/route-schemas';
import { CHAT_CHANNEL } from '../realtime/message-sent';
import { signChannel } from '../realtime/signatures';

/**
 * Channel authorisation for Echo/pusher-js. The spec's client listens on one channel shared by all signed-in
 * users, so that is the only one signed; the events on it carry ids, never content. Everything else gets 403,
 * including anonymous callers (a 401 would log the client out, which is not what a refused channel means).
 */
const broadcastingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { key, secret } = app.config.broadcast;

  app.post(
    '/broadcasting/auth',
    {
      attachValidation: true,
      schema: {
        body: BroadcastAuthPayloadSchema,
        response: { 200: BroadcastAuthResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      if (request.validationError || !request.user || request.body.channel_name !== CHAT_CHANNEL) {
        throw forbidden();
      }
      return { auth: signChannel({ key, secret }, request.body.socket_id, request.body.channel_name) };
    },
  );
};

export default broadcastingRoutes;
