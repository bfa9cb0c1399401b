/** Product limits, enforced by the API and checked early by the forms. */
export const MAX_MEMBERS_MIN = 2;
export const MAX_MEMBERS_MAX = 1000;
export const MAX_MEMBERS_DEFAULT = 100;
export const ROOM_NAME_MAX = 100;
export const ROOM_DESCRIPTION_MAX = 1000;
export const MESSAGE_CONTENT_MAX = 5000;
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** A room's `unread_count` stops counting here: this many means this many or more. */
export const UNREAD_COUNT_MAX = 100;
/** Largest attachment the API accepts, in bytes (5 MiB). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** A reply's quote of its original: the original's text cut to this many characters. */
export const REPLY_QUOTE_MAX = 200;
/** Longest emoji accepted as a reaction, in UTF-16 code units (the longest RGI sequences are 14 or so). */
export const REACTION_EMOJI_MAX_LENGTH = 32;
/** Distinct emojis one message may carry; one more is refused (`422`). */
export const REACTIONS_PER_MESSAGE_MAX = 50;
/** The picker's emojis; any other single emoji is accepted by the API too. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const;
/** Search: the query's length after trimming, and the page of results. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 50;
/** Longest username, as the login accepts it. */
export const USERNAME_MAX = 64;
/** A direct message holds its starter and 1 to this many others; more people make a room. */
export const DIRECT_MESSAGE_OTHERS_MAX = 8;
/** Names one `POST direct-messages` may carry: the others, the caller's own, and room for repeats. */
export const DIRECT_MESSAGE_USERNAMES_MAX = 20;
/** `GET users?q=`: at most this many matches. */
export const USER_SEARCH_MAX = 20;
