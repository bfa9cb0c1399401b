import type { ColumnType, Generated } from 'kysely';

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
}

export interface RoomMembersTable {
  room_id: number;
  user_id: number;
  joined_at: CreatedAt;
  /** The newest message this member has seen (null: none); only ever moved forward. */
  last_read_message_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
}
