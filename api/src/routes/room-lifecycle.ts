import { type Room, RoomSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ownerRefusal } from '../http/owner-refusal';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { roomChannel } from '../realtime/channels';
import { publishRoomDeleted } from '../realtime/room-deleted';
import { findRoom } from '../repositories/rooms';
import { deleteRoom, setArchived } from '../repositories/rooms/room-lifecycle';
import { announceRoom } from '../services/announce-room';

/**
 * The owner's (or a site administrator's) hand on the room's life: archive it (read-only for everyone),
 * unarchive it, delete it.
 */
const roomLifecycleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // PUT archives, DELETE unarchives; each answers the Room, and its lists and open rooms hear RoomUpdated.
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/chatrooms/:id/archive',
      schema: {
        params: RoomParamsSchema,
        response: { 200: RoomSchema, ...errorResponses(401, 403, 404) },
      },
      handler: async (request) => {
        const roomId = request.params.id;
        const user = currentUser(request);
        const outcome = await setArchived(app.db, roomId, user.id, method === 'PUT');
        if (outcome.status === 'not_found' || outcome.status === 'not_owner')
          throw ownerRefusal(outcome.status);
        if (outcome.status === 'changed') {
          app.pages?.changed(roomId);
          await announceRoom({ db: app.db, publisher: app.publisher, log: request.log }, 'updated', roomId);
        }
        // `anyRoom`: an administrator may have archived a private room they are not in.
        return (await findRoom(app.db, roomId, user.id, { anyRoom: true })) as Room;
      },
    });
  }

  // Gone for everyone at once; its messages and images are purged behind (services/purge-room).
  app.delete(
    '/chatrooms/:id',
    {
      schema: {
        params: RoomParamsSchema,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const roomId = request.params.id;
      const outcome = await deleteRoom(app.db, roomId, currentUser(request).id);
      if (outcome.status !== 'deleted') throw ownerRefusal(outcome.status);
      app.pages?.changed(roomId);
      app.purges.purge(roomId);
      await publishRoomDeleted(
        app.publisher,
        { room_id: roomId, room_name: outcome.name },
        { private: outcome.private, memberIds: outcome.memberIds },
      ).catch((error: unknown) => request.log.warn({ err: error, roomId }, 'RoomDeleted broadcast failed'));
      // Its former members' sockets receive nothing more of it (its private and presence channels) on the
      // embedded server; an external Reverb/Soketi stops at their client's unsubscribe.
      for (const userId of outcome.memberIds) app.realtime?.revoke(roomChannel(roomId), userId);
      return reply.code(204).send(null);
    },
  );
};

export default roomLifecycleRoutes;
