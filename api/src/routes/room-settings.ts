import {
  type Room,
  RoomSchema,
  TransferOwnerPayloadSchema,
  UpdateRoomPayloadSchema,
} from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, unprocessable, validationError } from '../http/http-error';
import { ownerRefusal } from '../http/owner-refusal';
import {
  maxMembersBelowCount,
  NEW_OWNER_NOT_A_MEMBER,
  NEW_OWNER_REQUIRED,
  ROOM_ARCHIVED,
  SETTINGS_REQUIRED,
  unknownUsername,
} from '../http/refusals';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { currentUser } from '../plugins/auth';
import { findRoom } from '../repositories/rooms';
import { transferOwnership } from '../repositories/rooms/transfer-ownership';
import { updateRoomSettings } from '../repositories/rooms/update-room-settings';
import { announceRoom } from '../services/announce-room';

/** The owner's changes to the room itself: its settings, and who owns it. Each answers the Room. */
const roomSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // PATCH, and PUT for the last release's HTTP client, which has no patch: the same partial update.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/chatrooms/:id',
    schema: {
      params: RoomParamsSchema,
      body: UpdateRoomPayloadSchema,
      response: { 200: RoomSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const roomId = request.params.id;
      const user = currentUser(request);
      const { name, description, max_members } = request.body;
      if (name === undefined && description === undefined && max_members === undefined) {
        throw unprocessable(SETTINGS_REQUIRED);
      }
      const outcome = await updateRoomSettings(app.db, roomId, user.id, { name, description, max_members });
      if (outcome.status === 'below_members') {
        throw validationError({ max_members: [maxMembersBelowCount(outcome.members)] });
      }
      if (outcome.status === 'archived') throw forbidden(ROOM_ARCHIVED);
      if (outcome.status !== 'updated') throw ownerRefusal(outcome.status);
      await announceRoom({ db: app.db, publisher: app.publisher, log: request.log }, 'updated', roomId);
      // `anyRoom`: an administrator may have changed a private room they are not in.
      return (await findRoom(app.db, roomId, user.id, { anyRoom: true })) as Room;
    },
  });

  // "Make owner": the old owner stays a member.
  app.post(
    '/chatrooms/:id/owner',
    {
      schema: {
        params: RoomParamsSchema,
        body: TransferOwnerPayloadSchema,
        response: { 200: RoomSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      const user = currentUser(request);
      const { user_id: userId, username } = request.body;
      if (userId === undefined && username === undefined) {
        throw validationError({ user_id: [NEW_OWNER_REQUIRED] });
      }
      const outcome = await transferOwnership(app.db, roomId, user.id, { userId, username });
      const field = userId === undefined ? 'username' : 'user_id';
      switch (outcome.status) {
        case 'unknown_user':
          throw validationError({ username: [unknownUsername(username ?? '')] });
        case 'not_member':
          throw validationError({ [field]: [NEW_OWNER_NOT_A_MEMBER] });
        case 'not_found':
        case 'not_owner':
          throw ownerRefusal(outcome.status);
      }
      if (outcome.status === 'transferred') {
        await announceRoom({ db: app.db, publisher: app.publisher, log: request.log }, 'updated', roomId);
      }
      return (await findRoom(app.db, roomId, user.id, { anyRoom: true })) as Room;
    },
  );
};

export default roomSettingsRoutes;
