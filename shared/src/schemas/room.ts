import { type Static, Type } from 'typebox';
import {
  DIRECT_MESSAGE_USERNAMES_MAX,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAME_MAX,
  USERNAME_MAX,
} from './limits';
import { NO_NUL_PATTERN } from './patterns';

const roomFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  max_members: Type.Integer(),
  members_count: Type.Integer(),
  created_at: Type.String(),
};

/** A room as everyone sees it: what the room list's live events carry, since every signed-in user hears them. */
export const RoomSummarySchema = Type.Object(roomFields, { $id: 'RoomSummary' });
export type RoomSummary = Static<typeof RoomSummarySchema>;

/** GET chatrooms/{id}/members: who is in the room, by name (whom `@` can mention). Also `GET users?q=`. */
export const RoomMemberSchema = Type.Object(
  { id: Type.Integer(), username: Type.String() },
  { $id: 'RoomMember' },
);
export type RoomMember = Static<typeof RoomMemberSchema>;

/** `"room"`: a room anyone may find and join; `"direct"`: a direct message, its members' alone. */
export const ROOM_KINDS = ['room', 'direct'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** A room as the caller sees it: the summary plus whether the caller is a member and what they have not read. */
export const RoomSchema = Type.Object(
  {
    ...roomFields,
    /**
     * `"direct"` for a direct message, whose `name` is the others' usernames as this caller sees them. Optional
     * in this type: an API deployed before direct messages lacks it (read it as `"room"`).
     */
    kind: Type.Optional(Type.Union([Type.Literal(ROOM_KINDS[0]), Type.Literal(ROOM_KINDS[1])])),
    /** A direct message's members, the caller included, by username; absent on a room. */
    members: Type.Optional(Type.Array(RoomMemberSchema)),
    is_member: Type.Boolean(),
    /** Others' messages after the caller's read position, counted up to UNREAD_COUNT_MAX; 0 for non-members. */
    unread_count: Type.Integer(),
    /**
     * Of those, the ones that mention the caller, counted up to UNREAD_COUNT_MAX. Optional in this type: an API
     * deployed before mentions lacks it (read it as 0); today's always sends it.
     */
    mention_count: Type.Optional(Type.Integer()),
    /**
     * The caller's read position: the newest message they have seen (null: none, or not a member). The chat
     * room opens at the first message after it ('New messages'). Optional as `mention_count` is.
     */
    last_read_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
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

/** `POST chatrooms/{id}/read`: the newest message the member has seen. The position only moves forward. */
export const MarkReadPayloadSchema = Type.Object({
  message_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type MarkReadPayload = Static<typeof MarkReadPayloadSchema>;

/**
 * What `App\Events\RoomCreated` and `App\Events\RoomUpdated` carry on `private-chatroom`: the room without the
 * viewer's own fields (`is_member`, `unread_count`), which a list keeps from what it holds.
 */
export const RoomChangedEventSchema = Type.Object({ room: RoomSummarySchema });
export type RoomChangedEvent = Static<typeof RoomChangedEventSchema>;

/**
 * What `App\Events\RoomRead` carries on `private-App.Models.User.{id}`, to that user only: their read position
 * in the room moved forward to `last_read_id`.
 */
export const RoomReadEventSchema = Type.Object({ room_id: Type.Integer(), last_read_id: Type.Integer() });
export type RoomReadEvent = Static<typeof RoomReadEventSchema>;

/** `GET users?q=`: 1 to 64 characters, the start of a username (case-insensitive). */
export const UserSearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: USERNAME_MAX, pattern: NO_NUL_PATTERN }),
});
export type UserSearchQuery = Static<typeof UserSearchQuerySchema>;

/**
 * `POST direct-messages`: the people to talk with, by username (the caller's own name is ignored). Between 1
 * and DIRECT_MESSAGE_OTHERS_MAX others; the same people in any order name the same conversation.
 */
export const CreateDirectMessagePayloadSchema = Type.Object({
  usernames: Type.Array(Type.String({ minLength: 1, maxLength: USERNAME_MAX, pattern: NO_NUL_PATTERN }), {
    minItems: 1,
    maxItems: DIRECT_MESSAGE_USERNAMES_MAX,
  }),
});
export type CreateDirectMessagePayload = Static<typeof CreateDirectMessagePayloadSchema>;

/**
 * What `App\Events\DirectMessageClosed` carries on `private-App.Models.User.{id}`, to that user only: they
 * closed the direct message, which leaves their 'Your rooms' until its next message.
 */
export const DirectMessageClosedEventSchema = Type.Object({ room_id: Type.Integer() });
export type DirectMessageClosedEvent = Static<typeof DirectMessageClosedEventSchema>;
