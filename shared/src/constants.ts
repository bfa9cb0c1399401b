/** Names the spec and the Laravel contract fix; outside tests rely on them. */
export const ACCESS_TOKEN_COOKIE = 'access-token';
/** The access token cookie's raw (URI-encoded) value in `document.cookie` or a request's Cookie header. */
export const accessTokenCookieValue = (cookies: string): string | undefined =>
  cookies
    .split(/;\s*/)
    .find((cookie) => cookie.startsWith(`${ACCESS_TOKEN_COOKIE}=`))
    ?.slice(ACCESS_TOKEN_COOKIE.length + 1);
/** Whether `document.cookie` or a request's Cookie header carries the access token (valid or not). */
export const hasAccessTokenCookie = (cookies: string): boolean =>
  accessTokenCookieValue(cookies) !== undefined;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
export const BROADCAST_AUTH_PATH = '/broadcasting/auth';
/** Pusher's user sign-in (`pusher:signin`): what lets the websocket server end a removed member's sockets. */
export const BROADCAST_USER_AUTH_PATH = '/broadcasting/user-auth';
export const CHAT_CHANNEL = 'chatroom';
/** A room's own channel, members only (`Echo.private(roomChannel(id))`): its MessageSent carries the message. */
export const roomChannel = (roomId: number) => `${CHAT_CHANNEL}.${roomId}`;
export const MESSAGE_SENT_EVENT = 'MessageSent';
/** On a room's channel and on 'chatroom': `{room_id, message_id}` of a message its author deleted. */
export const MESSAGE_DELETED_EVENT = 'MessageDeleted';
/**
 * After its author edited a message: on the room's channel the message (RoomMessageUpdatedEvent), on
 * 'chatroom' `{room_id, message_id}`.
 */
export const MESSAGE_UPDATED_EVENT = 'MessageUpdated';
/** On the room's channel only: a reaction added or removed (ReactionChangedEvent). */
export const REACTION_CHANGED_EVENT = 'ReactionChanged';
/**
 * A user's own channel, as Laravel names it (`Echo.private(userChannel(id))`): only that user is signed for
 * it. Mentions arrive there as Laravel's broadcast notifications (MentionNotification).
 */
export const userChannel = (userId: number) => `App.Models.User.${userId}`;
/** The event Echo's `.notification(callback)` binds to. */
export const BROADCAST_NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';
export const MENTION_NOTIFICATION_TYPE = 'App\\Notifications\\MentionedInMessage';
/** A direct message's messages notify its other members under this type (DirectMessageNotification). */
export const DIRECT_MESSAGE_NOTIFICATION_TYPE = 'App\\Notifications\\DirectMessageReceived';
/**
 * On the user's own channel: `{room_id}` (DirectMessageClosedEvent) after they closed a direct message, so
 * their other tabs hide it too. A direct message's MessageSent and MessageDeleted (`{room_id, message_id}`)
 * reach its members there too, never on 'chatroom'.
 */
export const DIRECT_MESSAGE_CLOSED_EVENT = 'DirectMessageClosed';
/**
 * On the user's own channel: `{room_id, last_read_id}` (RoomReadEvent) after their read position in a room
 * moved, so the same user's other tabs and devices re-read their unread counts.
 */
export const ROOM_READ_EVENT = 'RoomRead';
/** On 'chatroom': `{room}` (a RoomSummary) when a room is created, and when its member count changes. */
export const ROOM_CREATED_EVENT = 'RoomCreated';
export const ROOM_UPDATED_EVENT = 'RoomUpdated';
/**
 * A private room's RoomCreated/RoomUpdated, MessageSent and MessageDeleted (`{room_id, message_id}`) reach its
 * members on their own channels instead of 'chatroom', as a direct message's do.
 * On the invited person's own channel: `{room}` (RoomInvitedEvent, the Room as they see it) after an owner
 * invited them, so their room list and 'Your rooms' take it in.
 */
export const ROOM_INVITED_EVENT = 'RoomInvited';
/** On the removed member's own channel: `{room_id, room_name}` (RemovedFromRoomEvent) after an owner removed them. */
export const REMOVED_FROM_ROOM_EVENT = 'RemovedFromRoom';
/**
 * `{room_id, room_name}` (RoomDeletedEvent) once its owner (or an administrator) deleted a room: on 'chatroom'
 * for a public room, on each member's own channel for a private one, and on the room's own channel.
 */
export const ROOM_DELETED_EVENT = 'RoomDeleted';
/** The answer to every write in an archived room (`403`), and the text that replaces its message bar. */
export const ROOM_ARCHIVED = 'This room is archived.';

/**
 * The history state of a room opened from 'Your rooms': the user is a member already, so the chat room
 * opens without the join call the room list's 'Join' makes (spec section 6).
 */
export const SWITCHED_ROOM = { via: 'your-rooms' } as const;
export const isSwitchedRoom = (state: unknown): boolean =>
  (state as { via?: unknown } | null)?.via === SWITCHED_ROOM.via;

export const routes = {
  home: '/',
  auth: '/auth',
  login: '/auth/login',
  room: (roomId: number) => `/?room=${roomId}`,
  /** A direct message opens under its own parameter, so the shell knows which chat remote can show it. */
  directMessage: (roomId: number) => `/?dm=${roomId}`,
} as const;

/** Router timings of spec section 9, mapped onto react-query and the pending UI. */
export const timings = {
  staleTime: 5_000,
  preloadDelay: 50,
  pendingDelay: 1_000,
  pendingMinDuration: 500,
  gcTime: 5 * 60_000,
  preloadStaleTime: 30_000,
} as const;

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong!';

/** Everything the app keeps in the browser's localStorage lives under this prefix; signing out clears it. */
export const LOCAL_STORAGE_PREFIX = 'chat.';
