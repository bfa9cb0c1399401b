import {
  CreateRoomPayloadSchema,
  JoinRoomResponseSchema,
  MarkReadPayloadSchema,
  MessageOnlySchema,
  type Room,
  RoomMemberSchema,
  RoomSchema,
  type RoomSummary,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound, unprocessable } from '../http/http-error';
import { membershipRefusal } from '../http/membership-refusal';
import { NO_LEAVING_DIRECT_MESSAGES } from '../http/refusals';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { serviceDeps } from '../http/service-deps';
import { currentUser } from '../plugins/auth';
import { roomChannel } from '../realtime/channels';
import { publishRoomChanged } from '../realtime/room-list-events';
import {
  createRoom,
  findRoom,
  findRoomSummary,
  joinRoom,
  leaveRoom,
  listRooms,
  roomMembers,
} from '../repositories/rooms';
import { markRead } from '../services/mark-read';

export const ROOM_FULL = 'This room is full.';

const chatroomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /** Room lists learn of the change live; a failed publish is logged, the change stands. */
  const announce = async (
    request: FastifyRequest,
    change: 'created' | 'updated',
    room: RoomSummary | undefined,
  ) => {
    if (!room) return;
    await publishRoomChanged(app.publisher, change, room).catch((error: unknown) =>
      request.log.warn({ err: error, roomId: room.id }, `Room ${change} broadcast failed`),
    );
  };

  app.get(
    '/chatrooms',
    { schema: { response: { 200: Type.Array(RoomSchema), ...errorResponses(401) } } },
    async (request) => listRooms(app.db, currentUser(request).id),
  );

  app.get(
    '/chatrooms/:id',
    { schema: { params: RoomParamsSchema, response: { 200: RoomSchema, ...errorResponses(401, 404) } } },
    async (request) => {
      const room = await findRoom(app.db, request.params.id, currentUser(request).id);
      if (!room) throw notFound();
      return room;
    },
  );

  // Whom `@` can mention: members only (a room's membership is not public beyond its count).
  app.get(
    '/chatrooms/:id/members',
    {
      schema: {
        params: RoomParamsSchema,
        response: { 200: Type.Array(RoomMemberSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      const members = await roomMembers(app.db, roomId, currentUser(request).id);
      if (members) return members;
      throw await membershipRefusal(app.db, roomId);
    },
  );

  app.post(
    '/chatrooms',
    { schema: { body: CreateRoomPayloadSchema, response: { 201: RoomSchema, ...errorResponses(401, 422) } } },
    async (request, reply) => {
      const { name, description, max_members } = request.body;
      const room = await createRoom(app.db, {
        name,
        description,
        maxMembers: max_members,
        creatorId: currentUser(request).id,
      });
      await announce(request, 'created', room);
      return reply.code(201).send(room);
    },
  );

  // Whatever body the client sends (the spec's client sends the bare room id) is ignored: the path names the room.
  app.post(
    '/chatrooms/:id/join',
    {
      schema: {
        params: RoomParamsSchema,
        response: { 200: JoinRoomResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const outcome = await joinRoom(app.db, request.params.id, user.id);
      if (outcome === 'joined') app.pages?.joined(request.params.id, user.id);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'full') throw unprocessable(ROOM_FULL);
      const room = (await findRoom(app.db, request.params.id, user.id)) as Room;
      if (outcome === 'joined') await announce(request, 'updated', room);
      return { message: `You joined ${room.name}.`, room };
    },
  );

  app.post(
    '/chatrooms/:id/leave',
    {
      schema: {
        params: RoomParamsSchema,
        response: { 200: MessageOnlySchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      const userId = currentUser(request).id;
      const outcome = await leaveRoom(app.db, roomId, userId);
      if (outcome === 'left') app.pages?.left(roomId, userId);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'direct') throw unprocessable(NO_LEAVING_DIRECT_MESSAGES);
      // The room's messages stop reaching this user's sockets now, not at their next reconnect. (An external
      // Reverb/Soketi offers no such call: there they stop when the client leaves the channel or reconnects.)
      app.realtime?.revoke(roomChannel(roomId), userId);
      if (outcome === 'left') await announce(request, 'updated', await findRoomSummary(app.db, roomId));
      return { message: 'You left the room.' };
    },
  );

  // The member's read position, kept per membership so unread counts hold across devices and reloads; their
  // other tabs and devices hear it moved (RoomRead).
  app.post(
    '/chatrooms/:id/read',
    {
      schema: {
        params: RoomParamsSchema,
        body: MarkReadPayloadSchema,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const outcome = await markRead(serviceDeps(app, request), {
        roomId: request.params.id,
        userId: currentUser(request).id,
        messageId: request.body.message_id,
      });
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'not_member') throw await membershipRefusal(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default chatroomRoutes;
