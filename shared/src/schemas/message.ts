import { type Static, Type } from 'typebox';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  REACTION_EMOJI_MAX_LENGTH,
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
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
 * What the API read from the page the message's first http(s) link leads to. `image_url` is a signed link to
 * the API's re-encoded copy of the page's image (expiring like `attachment_path`), never the site's address:
 * a reader's browser never contacts the site.
 */
export const LinkPreviewSchema = Type.Object({
  url: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  site_name: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
});
export type LinkPreview = Static<typeof LinkPreviewSchema>;

const Offset = Type.Integer({ minimum: 0 });

/**
 * One node of a message's syntax tree, as `GET chatrooms/{id}/messages?include=tree` sends it (docs/api.md):
 * the mdast node's type, where it stands in the raw `content` (UTF-16 offsets, end exclusive), and only the
 * fields a reader needs. `value` is sent only where it is not exactly the text it stands on, as it is for
 * almost every text node, so the tree does not repeat the message.
 */
export const MessageTreeNodeSchema = Type.Object({
  type: Type.String(),
  start: Offset,
  end: Offset,
  /** How many of the nodes that follow are this node's children (each followed by its own). */
  child_count: Type.Optional(Offset),
  value: Type.Optional(Type.String()),
  /** A link's or an image's address as typed: the reader decides what may be followed. */
  url: Type.Optional(Type.String()),
  alt: Type.Optional(Type.String()),
  /** A fenced code block's language. */
  lang: Type.Optional(Type.String()),
  /** A heading's level. */
  depth: Type.Optional(Offset),
  ordered: Type.Optional(Type.Boolean()),
  /** An ordered list's first number. */
  first_number: Type.Optional(Offset),
});
export type MessageTreeNode = Static<typeof MessageTreeNodeSchema>;

/** The root's children and all below them in document order (a node, then its children): flat, not nested. */
export const MessageTreeSchema = Type.Array(MessageTreeNodeSchema);
export type MessageTree = Static<typeof MessageTreeSchema>;

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
    /** The room's members this message mentions (`@username` in its text, members only), in order of first use. */
    mentions: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() }))),
    /**
     * Grows with every change to the message (sent, edited, reacted to), in commit order within its room:
     * the `changed_after` cursor of a catch-up read, and the way to tell a newer copy from an older one.
     */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    /**
     * The preview of its first http(s) link, added after the message was sent (MessageUpdated) and removable;
     * null without one. Absent from an API deployed before previews.
     */
    preview: Type.Optional(Type.Union([LinkPreviewSchema, Type.Null()])),
    /**
     * Its text's syntax tree, so a reader need not parse it: only in `GET chatrooms/{id}/messages` asked with
     * `include=tree`, and only for a text that may hold Markdown (see may-have-markup). Never in an event.
     */
    tree: Type.Optional(MessageTreeSchema),
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
   * The page around a message: up to `limit` messages, about half before `around_id` and the rest from it on
   * (it included, if it still exists). Not with `after_id` or `before_id` (`422`).
   */
  around_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  /**
   * With `after_id` only: the page also holds the messages up to `after_id` whose `version` is greater
   * (edited or reacted to since), at most `limit` of them, lowest versions first. See docs/api.md.
   */
  changed_after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  /** `tree`: each message that may hold Markdown comes with its syntax tree (`Message.tree`). */
  include: Type.Optional(Type.Literal('tree')),
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

/** GET chatrooms/{id}/messages/search: `q` is 1–200 characters after trimming; newest first, paged by `before_id`. */
export const SearchMessagesQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX, pattern: NO_NUL_PATTERN }),
  /** The `next_before_id` of the previous page: only results with a smaller id. */
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_MAX, default: SEARCH_PAGE_DEFAULT })),
});
export type SearchMessagesQuery = Static<typeof SearchMessagesQuerySchema>;

/** One match: the message, and where in its `content` the matched words are (UTF-16 offsets, end exclusive). */
export const SearchResultSchema = Type.Object({
  message: MessageSchema,
  highlights: Type.Array(
    Type.Object({ start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0 }) }),
  ),
});
export type SearchResult = Static<typeof SearchResultSchema>;

export const SearchMessagesResponseSchema = Type.Object({
  results: Type.Array(SearchResultSchema),
  /** Pass as `before_id` for the next (older) page; null when there is none. */
  next_before_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type SearchMessagesResponse = Static<typeof SearchMessagesResponseSchema>;

/**
 * What a mention notification carries on the user's own channel `private-App.Models.User.{id}`, as Laravel
 * broadcasts a notification (`Illuminate\\Notifications\\Events\\BroadcastNotificationCreated`; Echo's
 * `private('App.Models.User.' + id).notification(callback)` hears it): Laravel's `id` and `type`, then the
 * notification's data.
 */
export const MentionNotificationSchema = Type.Object({
  id: Type.String(),
  type: Type.Literal('App\\Notifications\\MentionedInMessage'),
  room_id: Type.Integer(),
  room_name: Type.String(),
  message: MessageSchema,
});
export type MentionNotification = Static<typeof MentionNotificationSchema>;

/**
 * What a direct message's notification carries on each other member's `private-App.Models.User.{id}`: the
 * message, as a MentionNotification does, under a type of its own so a shell that knows only mentions ignores
 * it. `room_name` is the conversation as that member sees it (the others' usernames).
 */
export const DirectMessageNotificationSchema = Type.Object({
  id: Type.String(),
  type: Type.Literal('App\\Notifications\\DirectMessageReceived'),
  room_id: Type.Integer(),
  room_name: Type.String(),
  message: MessageSchema,
});
export type DirectMessageNotification = Static<typeof DirectMessageNotificationSchema>;
