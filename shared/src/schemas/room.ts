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
  /**
   * A private room exists for its members only: anyone else gets 404 from every endpoint of it, never sees it
   * listed, and hears nothing of it. Optional in this type: an API deployed before private rooms lacks it (read
   * it as false); today's always sends it.
   */
  private: Type.Optional(Type.Boolean()),
  /**
   * Who may change the room, invite, remove and hand ownership on: its creator until they make another member
   * owner; null when nobody is (the owner left alone, or a direct message). Optional as `private` is.
   */
  owner: Type.Optional(
    Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  ),
  /**
   * When its owner archived it (read-only for everyone: no join, send, edit, reaction, delete or invitation),
   * as `created_at`; null while it is not. Optional as `private` is.
   */
  archived_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
};

/** A room as everyone sees it: what the room list's live events carry, since every signed-in user hears them. */
export const RoomSummarySchema = Type.Object(roomFields, { $id: 'RoomSummary' });
export type RoomSummary = Static<typeof RoomSummarySchema>;

/** GET chatrooms/{id}/members: who is in the room, by name (whom `@` can mention). Also `GET users?q=`. */
export const RoomMemberSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    /** In `GET chatrooms/{id}/members` only: whether this member owns the room. */
    role: Type.Optional(Type.Union([Type.Literal('owner'), Type.Literal('member')])),
  },
  { $id: 'RoomMember' },
);
export type RoomMember = Static<typeof RoomMemberSchema>;

/** The caller's place in a room: `"owner"`, `"member"`, or null (not a member). */
export const ROOM_ROLES = ['owner', 'member'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

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
    /** The caller's role: `"owner"`, `"member"`, or null when not a member. Optional as `private` is. */
    my_role: Type.Optional(
      Type.Union([Type.Literal(ROOM_ROLES[0]), Type.Literal(ROOM_ROLES[1]), Type.Null()]),
    ),
  },
  { $id: 'Room' },
);
export type Room = Static<typeof RoomSchema>;

const roomSettingFields = {
  name: Type.String({ maxLength: ROOM_NAME_MAX, pattern: NO_NUL_PATTERN }),
  description: Type.String({ maxLength: ROOM_DESCRIPTION_MAX, pattern: NO_NUL_PATTERN }),
  max_members: Type.Integer({ minimum: MAX_MEMBERS_MIN, maximum: MAX_MEMBERS_MAX }),
};

export const CreateRoomPayloadSchema = Type.Object({
  ...roomSettingFields,
  /** Members only, who come in by invitation; false (the default) for a room anyone may find and join. */
  private: Type.Optional(Type.Boolean()),
});
export type CreateRoomPayload = Static<typeof CreateRoomPayloadSchema>;

/**
 * `PATCH` (or `PUT`) `chatrooms/{id}`, owner only: any of the settings, each checked as on create; at least one.
 */
export const UpdateRoomPayloadSchema = Type.Object({
  name: Type.Optional(roomSettingFields.name),
  description: Type.Optional(roomSettingFields.description),
  max_members: Type.Optional(roomSettingFields.max_members),
});
export type UpdateRoomPayload = Static<typeof UpdateRoomPayloadSchema>;

/** `POST chatrooms/{id}/members`, owner only: the person to invite, by username (case-insensitive). */
export const InviteMemberPayloadSchema = Type.Object({
  username: Type.String({ maxLength: USERNAME_MAX, pattern: NO_NUL_PATTERN }),
});
export type InviteMemberPayload = Static<typeof InviteMemberPayloadSchema>;

/** `POST chatrooms/{id}/owner`, owner only: the member to make owner, by id or by username (one of them). */
export const TransferOwnerPayloadSchema = Type.Object({
  user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  username: Type.Optional(Type.String({ maxLength: USERNAME_MAX, pattern: NO_NUL_PATTERN })),
});
export type TransferOwnerPayload = Static<typeof TransferOwnerPayloadSchema>;

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
 * What `App\Events\RoomInvited` carries on `private-App.Models.User.{id}` of the person invited: the room as
 * they now see it (a member), so their room list and 'Your rooms' take it in.
 */
export const RoomInvitedEventSchema = Type.Object({ room: RoomSchema });
export type RoomInvitedEvent = Static<typeof RoomInvitedEventSchema>;

/**
 * What `App\Events\RemovedFromRoom` carries on `private-App.Models.User.{id}` of the member its owner removed:
 * the client closes the room ('You were removed from {room_name}.') and drops it from its lists.
 */
export const RemovedFromRoomEventSchema = Type.Object({ room_id: Type.Integer(), room_name: Type.String() });
export type RemovedFromRoomEvent = Static<typeof RemovedFromRoomEventSchema>;

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

/**
 * What `App\\Events\\RoomDeleted` carries: on `private-chatroom` for a public room, on each member's
 * `private-App.Models.User.{id}` for a private one, and on the room's own channel. The room is gone for everyone.
 */
export const RoomDeletedEventSchema = Type.Object({ room_id: Type.Integer(), room_name: Type.String() });
export type RoomDeletedEvent = Static<typeof RoomDeletedEventSchema>;
