import { type Static, Type } from 'typebox';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  REACTION_EMOJI_MAX_LENGTH,
} from './limits';
import { NO_NUL_PATTERN, UUID_PATTERN } from './patterns';

/** One emoji's reactions on a message, as the caller sees them: `me` is whether the caller is among them. */
export const ReactionSchema = Type.Object({
  emoji: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  me: Type.Boolean(),
});
export type Reaction = Static<typeof ReactionSchema>;

/** The message a reply answers, as the reply quotes it: its text cut to `REPLY_QUOTE_MAX` characters. */
export const ReplyQuoteSchema = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  /** Whether the original carries an image (the quote then says 'Image' when it has no text). */
  has_attachment: Type.Boolean(),
  user: Type.Object({ id: Type.Integer(), username: Type.String() }),
});
export type ReplyQuote = Static<typeof ReplyQuoteSchema>;

/**
 * The fields after `client_msg_id` came with edits, replies and reactions. They are optional in this type
 * because a remote may meet an API deployed before them, whose messages lack them: read them with defaults.
 * Today's API always sends every one.
 */
export const MessageSchema = Type.Object(
  {
    id: Type.Integer(),
    room_id: Type.Integer(),
    content: Type.String(),
    attachment_path: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    user: Type.Object({ id: Type.Integer(), username: Type.String() }),
    client_msg_id: Type.Union([Type.String(), Type.Null()]),
    /** When its author last changed its text; null until then. */
    edited_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** The message this one answers, or null. Set with `reply_to` null: the original was deleted. */
    reply_to_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    reply_to: Type.Optional(Type.Union([ReplyQuoteSchema, Type.Null()])),
    /** In order of first use. */
    reactions: Type.Optional(Type.Array(ReactionSchema)),
    /**
     * Grows with every change to the message (sent, edited, reacted to), in commit order within its room:
     * the `changed_after` cursor of a catch-up read, and the way to tell a newer copy from an older one.
     */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { $id: 'Message' },
);
export type Message = Static<typeof MessageSchema>;

const MAX_ID_32 = 2_147_483_647;

export const SendMessagePayloadSchema = Type.Object({
  content: Type.String({ maxLength: MESSAGE_CONTENT_MAX, pattern: NO_NUL_PATTERN }),
  client_msg_id: Type.Optional(Type.String({ pattern: UUID_PATTERN })),
  /** The message of the same room this one answers. */
  reply_to_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID_32 })),
});
export type SendMessagePayload = Static<typeof SendMessagePayloadSchema>;

/** PATCH chatrooms/{id}/messages/{messageId}: the new text (blank only for a message with an image). */
export const EditMessagePayloadSchema = Type.Object({
  content: Type.Optional(Type.String({ maxLength: MESSAGE_CONTENT_MAX, pattern: NO_NUL_PATTERN })),
});
export type EditMessagePayload = Static<typeof EditMessagePayloadSchema>;

/** The path's `{emoji}` once URL-decoded: one emoji; the API checks it is exactly one grapheme and an emoji. */
export const ReactionParamsEmojiSchema = Type.String({ minLength: 1, maxLength: REACTION_EMOJI_MAX_LENGTH });

/** Cursors past the last possible id are valid (they match nothing), but stay safe integers. */
export const MessagesQuerySchema = Type.Object({
  after_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MESSAGES_PAGE_MAX, default: MESSAGES_PAGE_DEFAULT }),
  ),
  /**
   * With `after_id` only: the page also holds the messages up to `after_id` whose `version` is greater
   * (edited or reacted to since), at most `limit` of them, lowest versions first. See docs/api.md.
   */
  changed_after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
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

/**
 * What `App\\Events\\MessageUpdated` carries on the room's own channel after its author edited a message: the
 * message as a read returns it, except that every reaction's `me` is false (the event goes to every member;
 * keep your own), or null when it would not fit in one event (then read it with `changed_after`). On
 * `private-chatroom` the event carries ids only, like MessageSent.
 */
export const RoomMessageUpdatedEventSchema = Type.Object({
  room_id: Type.Integer(),
  message_id: Type.Integer(),
  version: Type.Integer(),
  message: Type.Union([MessageSchema, Type.Null()]),
});
export type RoomMessageUpdatedEvent = Static<typeof RoomMessageUpdatedEventSchema>;

/**
 * What `App\\Events\\ReactionChanged` carries on the room's own channel after a member added or removed a
 * reaction: who did what, and the message's reactions after it, counted (no `me`: the event goes to every
 * member). Apply it only over an older copy (`version`).
 */
export const ReactionChangedEventSchema = Type.Object({
  room_id: Type.Integer(),
  message_id: Type.Integer(),
  version: Type.Integer(),
  user_id: Type.Integer(),
  emoji: Type.String(),
  reacted: Type.Boolean(),
  reactions: Type.Array(Type.Object({ emoji: Type.String(), count: Type.Integer({ minimum: 1 }) })),
});
export type ReactionChangedEvent = Static<typeof ReactionChangedEventSchema>;
