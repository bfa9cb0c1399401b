import type { MessageTree, RoomKind } from '@chat/shared/schemas';
import type { ColumnType, Generated, Kysely } from 'kysely';

/** Column types as Kysely sees them; the SQL that creates them lives in ./migrations. */
type CreatedAt = ColumnType<Date, never, never>;

/** Upper bound of the `integer` id columns: larger cursors would make PostgreSQL raise instead of match nothing. */
export const MAX_ID = 2_147_483_647;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  image: string | null;
  created_at: CreatedAt;
  /** May do in any room (not a direct message) what its owner may (migration 0013). */
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the secret half; the secret itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  /** Renewed at most once an hour on use: the idle expiry counts from here. */
  last_used_at: ColumnType<Date, never, Date>;
  /** The absolute end, fixed when the token is issued. */
  expires_at: ColumnType<Date, Date, never>;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  description: string;
  max_members: number;
  created_by: number | null;
  created_at: CreatedAt;
  /** The newest message's id (null: none yet), written only by the statements that insert messages. */
  last_message_id: ColumnType<number | null, never, number | null>;
  /** `'direct'`: a direct message, its members' alone (migration 0011). */
  kind: ColumnType<RoomKind, RoomKind | undefined, never>;
  /** A direct message's member ids, sorted and joined by `,` (unique); null for a room. */
  direct_key: ColumnType<string | null, string | null | undefined, never>;
  /** Members only, who come in by invitation (migration 0012). */
  private: ColumnType<boolean, boolean | undefined, never>;
  /** Who may change the room, invite and remove; null: nobody (and always for a direct message). */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its owner archived it (read-only for everyone); null while open (migration 0014). */
  archived_at: ColumnType<Date | null, never, Date | null>;
}

/** A member an owner removed: refused 'Join' of a public room until invited back. */
export interface RoomRemovalsTable {
  room_id: number;
  user_id: number;
  removed_at: CreatedAt;
}

/** One owner's action, for operators. `id` is bigint, read as text. */
export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_id: number | null;
  action: string;
  room_id: number | null;
  target_user_id: number | null;
  details: ColumnType<unknown, string | null | undefined, never>;
}

export interface RoomMembersTable {
  room_id: number;
  user_id: number;
  joined_at: CreatedAt;
  /** The newest message this member has seen (null: none); only ever moved forward. */
  last_read_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A direct message out of this member's 'Your rooms' until its next message (closed, or not yet shown). */
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MessagesTable {
  id: Generated<number>;
  room_id: number;
  user_id: number;
  content: string;
  /** Generated name in the attachment store (a file or an `attachments` row), never the uploader's name. */
  attachment_name: string | null;
  attachment_type: string | null;
  client_msg_id: string | null;
  created_at: CreatedAt;
  /** When its author last changed the text; null until then. */
  edited_at: ColumnType<Date | null, never, Date | null>;
  /** The message of the same room this one answers (no foreign key: kept when the original is deleted). */
  reply_to_id: ColumnType<number | null, number | null | undefined, never>;
  /** Grows with every change (insert, edit, reaction), drawn under the room's lock: bigint, read as text. */
  version: ColumnType<string, never, never>;
  /**
   * The text as people read it (`searchableText`: markup and link addresses blank, same length); null when that
   * is `content` itself. Written with `content`, by insert and edit (migration 0015).
   */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The packed syntax tree of `content` (MessageTree, as `include=tree` sends it); null for a text without
   * Markdown-like characters and for one stored before migration 0018 or by an earlier release, which is
   * parsed when read. Written with `content` (JSON); cleared by a trigger when `content` changes alone.
   */
  tree: ColumnType<MessageTree | null, string | null | undefined, string | null>;
  /** `to_tsvector('simple', coalesce(search_text, content))`, kept by a trigger (migrations 0009, 0015). */
  search: ColumnType<string, never, never>;
  /** The `link_previews` row shown under the message, once read (migration 0015). */
  preview_url: ColumnType<string | null, never, string | null>;
  /** Its preview was removed: none is attached again. */
  preview_removed: ColumnType<boolean, never, boolean>;
}

/** What a page's head said, per URL, kept for the cache time (link-previews/). */
export interface LinkPreviewsTable {
  url: string;
  title: string | null;
  description: string | null;
  site_name: string | null;
  /** The page's image, re-encoded into the attachment store. */
  image_name: string | null;
  /** The page gave no preview: not asked again until the cache time is over. */
  failed: boolean;
  fetched_at: ColumnType<Date, Date | undefined, Date>;
}

/** Where the backfill of `messages.search_text` has reached: the ids below `below_id` are still to do. */
export interface MessageSearchBackfillTable {
  below_id: number;
}

/** A member a message names as `@username`; `position` orders them by first use. */
export interface MessageMentionsTable {
  message_id: number;
  user_id: number;
  room_id: number;
  position: number;
}

/** One member's one emoji on one message. */
export interface MessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  id: Generated<string>;
  created_at: CreatedAt;
}

/** An image in the database store (attachments/database-attachment-store); its bytes are in chunks. */
export interface AttachmentsTable {
  name: string;
  size: number;
  created_at: CreatedAt;
}

export interface AttachmentChunksTable {
  name: string;
  /** 0, 1, 2 …: the chunk's place in the image. */
  seq: number;
  data: Uint8Array;
}

export interface Database {
  users: UsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
  room_removals: RoomRemovalsTable;
  audit_log: AuditLogTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  message_mentions: MessageMentionsTable;
  message_search_backfill: MessageSearchBackfillTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
  link_previews: LinkPreviewsTable;
}

/** The typed query layer over either engine (PGlite or PostgreSQL): every repository takes one. */
export type Db = Kysely<Database>;
