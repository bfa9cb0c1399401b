import {
  CreateRoomPayloadSchema,
  JoinRoomResponseSchema,
  MarkReadPayloadSchema,
  MessageOnlySchema,
  type Room,
  type RoomMember,
  RoomMemberSchema,
  RoomSchema,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden, notFound, unprocessable } from '../http/http-error';
import { membershipRefusal } from '../http/membership-refusal';
import {
  NO_LEAVING_DIRECT_MESSAGES,
  ONLY_SITE_ADMINISTRATORS,
  OWNER_MUST_HAND_OVER,
  REMOVED_FROM_THIS_ROOM,
  ROOM_ARCHIVED,
  ROOM_FULL,
} from '../http/refusals';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { serviceDeps } from '../http/service-deps';
import { currentUser } from '../plugins/auth';
import { roomChannel } from '../realtime/channels';
import {
  createRoom,
  findRoom,
  joinRoom,
  leaveRoom,
  listRooms,
  roomKind,
  roomMembers,
} from '../repositories/rooms';
import { isAdmin } from '../repositories/users';
import { announceRoom } from '../services/announce-room';
import { markRead } from '../services/mark-read';

export { ROOM_FULL };

const chatroomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /** Room lists learn of the change live (services/announce-room); a failed publish is logged. */
  const announce = (request: { log: typeof app.log }, change: 'created' | 'updated', roomId: number) =>
    announceRoom({ db: app.db, publisher: app.publisher, log: request.log }, change, roomId);

  // `scope=all`: a site administrator's All rooms, private ones they are not in included; never a direct message.
  app.get(
    '/chatrooms',
    {
      schema: {
        querystring: Type.Object({ scope: Type.Optional(Type.Literal('all')) }),
        response: { 200: Type.Array(RoomSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.query.scope !== 'all') return listRooms(app.db, userId);
      if (!(await isAdmin(app.db, userId))) throw forbidden(ONLY_SITE_ADMINISTRATORS);
      return listRooms(app.db, userId, { anyRoom: true });
    },
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

  // Whom `@` can mention: members only (a room's membership is not public beyond its count), and a site
  // administrator, who manages any room's members (never a direct message's).
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
      const userId = currentUser(request).id;
      const members = await roomMembers(app.db, roomId, userId);
      if (members) return members;
      if ((await roomKind(app.db, roomId)) === 'room' && (await isAdmin(app.db, userId)))
        return (await roomMembers(app.db, roomId, userId, { anyViewer: true })) as RoomMember[];
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
        private: request.body.private ?? false,
      });
      await announce(request, 'created', room.id);
      return reply.code(201).send(room);
    },
  );

  // Whatever body the client sends (the spec's client sends the bare room id) is ignored: the path names the room.
  app.post(
    '/chatrooms/:id/join',
    {
      schema: {
        params: RoomParamsSchema,
        response: { 200: JoinRoomResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const outcome = await joinRoom(app.db, request.params.id, user.id);
      if (outcome === 'joined') app.pages?.joined(request.params.id, user.id);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'removed') throw forbidden(REMOVED_FROM_THIS_ROOM);
      if (outcome === 'archived') throw forbidden(ROOM_ARCHIVED);
      if (outcome === 'full') throw unprocessable(ROOM_FULL);
      const room = (await findRoom(app.db, request.params.id, user.id)) as Room;
      if (outcome === 'joined') await announce(request, 'updated', room.id);
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
      if (outcome === 'owner_with_members') throw unprocessable(OWNER_MUST_HAND_OVER);
      // The room's messages stop reaching this user's sockets now, not at their next reconnect. (An external
      // Reverb/Soketi offers no such call: there they stop when the client leaves the channel or reconnects.)
      app.realtime?.revoke(roomChannel(roomId), userId);
      if (outcome === 'left') await announce(request, 'updated', roomId);
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
