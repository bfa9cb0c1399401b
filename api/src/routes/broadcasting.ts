import {
  BroadcastAuthPayloadSchema,
  BroadcastAuthResponseSchema,
  BroadcastUserAuthPayloadSchema,
  BroadcastUserAuthResponseSchema,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../http/http-error';
import { errorResponses } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { CHAT_CHANNEL, roomOfChannel, roomOfPresenceChannel, userOfChannel } from '../realtime/channels';
import { presenceChannelData } from '../realtime/room-presence';
import { signChannel, signUser } from '../realtime/signatures';
import { isMember } from '../repositories/rooms';

/**
 * Channel authorisation for Echo/pusher-js, as Laravel's `channels.php` would declare it. Four channels:
 * `private-chatroom`, open to every signed-in user (its events carry ids, never content); two per room,
 * for its members only: `private-chatroom.{id}` (its events carry the message) and `presence-chatroom.{id}`
 * (who has the room open; typing), whose answer also carries the member it admits (`channel_data`); and
 * `private-App.Models.User.{id}`, that user's own (mention notifications).
 * Everything else gets 403, including anonymous callers (a 401 would log the client out, which is not what a
 * refused channel means).
 * And Pusher's user sign-in (`/broadcasting/user-auth`, Laravel's name for it): a socket signed in as its user
 * is one Soketi or Pusher can end (`terminate_connections`) when that user is removed from a room.
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
      const user = request.user;
      if (request.validationError || !user) throw forbidden();
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (channel === CHAT_CHANNEL) return { auth: signChannel({ key, secret }, socketId, channel) };
      // A user's own channel (mention notifications), as Laravel's `App.Models.User.{id}`: that user only.
      // The signature is the whole of it (no grant: nothing takes it back), on any websocket server.
      const channelUser = userOfChannel(channel);
      if (channelUser !== null) {
        if (channelUser !== user.id) throw forbidden();
        return { auth: signChannel({ key, secret }, socketId, channel) };
      }
      const presenceRoom = roomOfPresenceChannel(channel);
      const roomId = presenceRoom ?? roomOfChannel(channel);
      if (roomId === null) throw forbidden();
      // Granted before membership is read, so a leave committing after that read still revokes it
      // (the embedded server admits a room channel only with a live grant).
      app.realtime?.grant(socketId, channel, user.id);
      if (!(await isMember(app.db, roomId, user.id))) {
        app.realtime?.revoke(channel, user.id);
        throw forbidden();
      }
      if (presenceRoom === null) return { auth: signChannel({ key, secret }, socketId, channel) };
      const channelData = presenceChannelData(user);
      return {
        auth: signChannel({ key, secret }, socketId, channel, channelData),
        channel_data: channelData,
      };
    },
  );

  app.post(
    '/broadcasting/user-auth',
    {
      // Unlike a refused channel, no valid token here means the session is over: 401, as every other route.
      onRequest: app.authenticate,
      schema: {
        body: BroadcastUserAuthPayloadSchema,
        response: { 200: BroadcastUserAuthResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      // Pusher wants the id as a string: Soketi and Pusher match `terminate_connections`' user id against it.
      const userData = JSON.stringify({ id: String(currentUser(request).id) });
      return { auth: signUser({ key, secret }, request.body.socket_id, userData), user_data: userData };
    },
  );
};

export default broadcastingRoutes;
