import { type Static, Type } from 'typebox';
import { MESSAGE_CONTENT_MAX, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX } from './limits';
import { NO_NUL_PATTERN, UUID_PATTERN } from './patterns';

export const MessageSchema = Type.Object(
  {
    id: Type.Integer(),
    room_id: Type.Integer(),
    content: Type.String(),
    attachment_path: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    user: Type.Object({ id: Type.Integer(), username: Type.String() }),
    client_msg_id: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Message' },
);
export type Message = Static<typeof MessageSchema>;

export const SendMessagePayloadSchema = Type.Object({
  content: Type.String({ maxLength: MESSAGE_CONTENT_MAX, pattern: NO_NUL_PATTERN }),
  client_msg_id: Type.Optional(Type.String({ pattern: UUID_PATTERN })),
});
export type SendMessagePayload = Static<typeof SendMessagePayloadSchema>;

/** Cursors past the last possible id are valid (they match nothing), but stay safe integers. */
export const MessagesQuerySchema = Type.Object({
  after_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MESSAGES_PAGE_MAX, default: MESSAGES_PAGE_DEFAULT }),
  ),
});
export type MessagesQuery = Static<typeof MessagesQuerySchema>;

/** What `App\Events\MessageSent` carries: ids only, since every signed-in user may listen on the channel. */
export const MessageSentEventSchema = Type.Object({ room_id: Type.Integer(), message_id: Type.Integer() });
export type MessageSentEvent = Static<typeof MessageSentEventSchema>;

/**
 * What `App\Events\MessageSent` carries on a room's own channel, `private-chatroom.{room_id}`, which only its
 * members may join: the message as `GET chatrooms/{id}/messages` returns it, and the id of the room's message
 * just before it, so a reader holding that id knows it missed nothing. `message` is null when the resource
 * would not fit in one websocket event (Pusher's 10 KB): then read it with `after_id`.
 */
export const RoomMessageSentEventSchema = Type.Object({
  room_id: Type.Integer(),
  message_id: Type.Integer(),
  /** Null: the room's first message. */
  previous_id: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.Union([MessageSchema, Type.Null()]),
});
export type RoomMessageSentEvent = Static<typeof RoomMessageSentEventSchema>;

/**
 * What `App\Events\MessageDeleted` carries, on the room's own channel and on `private-chatroom`: ids only.
 * A deleted message is gone from every page; its id may still be a later message's `previous_id`.
 */
export const MessageDeletedEventSchema = Type.Object({ room_id: Type.Integer(), message_id: Type.Integer() });
export type MessageDeletedEvent = Static<typeof MessageDeletedEventSchema>;
