import { type Static, Type } from 'typebox';
import { MAX_MEMBERS_MAX, MAX_MEMBERS_MIN, ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX } from './limits';
import { NO_NUL_PATTERN } from './patterns';

export const RoomSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    max_members: Type.Integer(),
    members_count: Type.Integer(),
    is_member: Type.Boolean(),
    created_at: Type.String(),
  },
  { $id: 'Room' },
);
export type Room = Static<typeof RoomSchema>;

export const CreateRoomPayloadSchema = Type.Object({
  name: Type.String({ maxLength: ROOM_NAME_MAX, pattern: NO_NUL_PATTERN }),
  description: Type.String({ maxLength: ROOM_DESCRIPTION_MAX, pattern: NO_NUL_PATTERN }),
  max_members: Type.Integer({ minimum: MAX_MEMBERS_MIN, maximum: MAX_MEMBERS_MAX }),
});
export type CreateRoomPayload = Static<typeof CreateRoomPayloadSchema>;

export const JoinRoomResponseSchema = Type.Object({ message: Type.String(), room: RoomSchema });
export type JoinRoomResponse = Static<typeof JoinRoomResponseSchema>;
