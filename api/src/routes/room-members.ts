import { InviteMemberPayloadSchema, type Room, RoomMemberSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden, HttpError, unprocessable, validationError } from '../http/http-error';
import { ownerRefusal } from '../http/owner-refusal';
import {
  NO_REMOVING_YOURSELF,
  NOT_A_MEMBER_TO_REMOVE,
  ROOM_ARCHIVED,
  ROOM_FULL,
  unknownUsername,
} from '../http/refusals';
import { errorResponses, RoomMemberParamsSchema, RoomParamsSchema } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { roomChannel } from '../realtime/channels';
import { publishRemovedFromRoom } from '../realtime/removed-from-room';
import { publishRoomInvited } from '../realtime/room-invited';
import { findRoom } from '../repositories/rooms';
import { inviteMember } from '../repositories/rooms/invite-member';
import { removeMember } from '../repositories/rooms/remove-member';
import { announceRoom } from '../services/announce-room';

/** The owner's hand on who is in the room: invite (the only way into a private room) and remove. */
const roomMemberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = (log: typeof app.log) => ({ db: app.db, publisher: app.publisher, log });

  app.post(
    '/chatrooms/:id/members',
    {
      schema: {
        params: RoomParamsSchema,
        body: InviteMemberPayloadSchema,
        response: { 200: RoomMemberSchema, 201: RoomMemberSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const roomId = request.params.id;
      const { username } = request.body;
      const outcome = await inviteMember(app.db, roomId, currentUser(request).id, username);
      switch (outcome.status) {
        case 'unknown_user':
          throw validationError({ username: [unknownUsername(username)] });
        case 'full':
          throw unprocessable(ROOM_FULL);
        case 'archived':
          throw forbidden(ROOM_ARCHIVED);
        case 'not_found':
        case 'not_owner':
          throw ownerRefusal(outcome.status);
        case 'already':
          return reply.code(200).send(outcome.member);
      }
      const { member } = outcome;
      app.pages?.joined(roomId, member.id);
      await announceRoom(deps(request.log), 'updated', roomId);
      // The invited person's lists take the room in (a private one appears for them only now).
      const room = (await findRoom(app.db, roomId, member.id)) as Room;
      await publishRoomInvited(app.publisher, member.id, { room }).catch((error: unknown) =>
        request.log.warn({ err: error, roomId }, 'RoomInvited broadcast failed'),
      );
      return reply.code(201).send(member);
    },
  );

  app.delete(
    '/chatrooms/:id/members/:userId',
    {
      schema: {
        params: RoomMemberParamsSchema,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id: roomId, userId } = request.params;
      const outcome = await removeMember(app.db, roomId, currentUser(request).id, userId);
      switch (outcome.status) {
        case 'self':
          throw unprocessable(NO_REMOVING_YOURSELF);
        case 'not_member':
          throw new HttpError(404, NOT_A_MEMBER_TO_REMOVE);
        case 'not_found':
        case 'not_owner':
          throw ownerRefusal(outcome.status);
      }
      app.pages?.left(roomId, userId);
      // From now on the removed member's sockets receive nothing more of the room (its private and presence
      // channels) on the embedded server; an external Soketi or Pusher ends their signed-in sockets below.
      app.realtime?.revoke(roomChannel(roomId), userId);
      await publishRemovedFromRoom(app.publisher, userId, {
        room_id: roomId,
        room_name: outcome.roomName,
      }).catch((error: unknown) =>
        request.log.warn({ err: error, roomId }, 'RemovedFromRoom broadcast failed'),
      );
      await announceRoom(deps(request.log), 'updated', roomId);
      // Last, so the events above go first through the same engine node and their tabs still hear
      // RemovedFromRoom. Their clients connect again and subscribe afresh: /broadcasting/auth now refuses the
      // room. A client that never signed in (an older shell) is not reached this way (docs/api.md).
      await app.publisher
        .disconnectUser(userId)
        .catch((error: unknown) =>
          request.log.warn({ err: error, roomId, userId }, 'Ending the removed member’s sockets failed'),
        );
      return reply.code(204).send(null);
    },
  );
};

export default roomMemberRoutes;
