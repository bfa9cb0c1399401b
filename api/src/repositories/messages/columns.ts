import type { MessageTree, ReplyQuote } from '@chat/shared/schemas';
import { REPLY_QUOTE_MAX } from '@chat/shared/schemas';
import { type RawBuilder, sql } from 'kysely';
import { laravelTimestamp } from '../../db/laravel-timestamp';
import type { Db } from '../../db/schema';

/** One emoji's reactions on a message, with who reacted: `me` is worked out per reader from `user_ids`. */
export interface StoredReaction {
  emoji: string;
  count: number;
  user_ids: number[];
}

export interface MessageRow {
  id: number;
  room_id: number;
  content: string;
  attachment_name: string | null;
  /**
   * The image is a private room's or a direct message's: each link to it is signed for the member it is handed
   * to (http/message-resource). False without an image.
   */
  attachment_for_members: boolean;
  client_msg_id: string | null;
  created_at: string;
  user_id: number;
  username: string;
  edited_at: string | null;
  reply_to_id: number | null;
  /** The original as the reply quotes it now; null when there is none (or it was deleted). */
  reply_to: ReplyQuote | null;
  /** In order of first use. */
  reactions: StoredReaction[];
  /** The room's members the text names as `@username`, in order of first use (message_mentions). */
  mentions: MentionedUser[];
  version: number;
  /** The page its first link leads to, as read (link-previews/); null without one. Absent: none either. */
  preview?: StoredPreview | null;
  /** Its text's tree as stored (`messages.tree`); null or absent: none stored, made when asked for. */
  tree?: MessageTree | null;
}

/** A message's link preview as stored: the image by its store name, which only a signed link reveals. */
export interface StoredPreview {
  url: string;
  title: string;
  description: string | null;
  site_name: string | null;
  image_name: string | null;
}

export interface MentionedUser {
  id: number;
  username: string;
}

/** The quote of the message `alias.reply_to_id` names, if it still exists in the same room (JSON or null). */
export function replyQuote(alias: string): RawBuilder<ReplyQuote | null> {
  const m = sql.table(alias);
  return sql<ReplyQuote | null>`(
    SELECT json_build_object(
      'id', r.id,
      'content', left(r.content, ${sql.lit(REPLY_QUOTE_MAX)}),
      'has_attachment', r.attachment_name IS NOT NULL,
      'user', json_build_object('id', ru.id, 'username', ru.username)
    )
    FROM messages AS r JOIN users AS ru ON ru.id = r.user_id
    WHERE r.id = ${m}.reply_to_id AND r.room_id = ${m}.room_id)`;
}

/** The preview the message `alias.preview_url` names (JSON or null). */
function previewOf(alias: string): RawBuilder<StoredPreview | null> {
  const m = sql.table(alias);
  return sql<StoredPreview | null>`(
    SELECT json_build_object(
      'url', lp.url, 'title', lp.title, 'description', lp.description, 'site_name', lp.site_name,
      'image_name', lp.image_name
    )
    FROM link_previews AS lp WHERE lp.url = ${m}.preview_url AND NOT lp.failed)`;
}

/**
 * The reactions of the message `alias.id`, per emoji in order of first use (the earliest reaction with that
 * emoji, then the lowest reaction id), with the reacting users (for `me`). One index range per message, so
 * a page aggregates its own rows' reactions only.
 */
function reactionsOf(alias: string): RawBuilder<StoredReaction[]> {
  const m = sql.table(alias);
  return sql<StoredReaction[]>`(
    SELECT coalesce(
      json_agg(
        json_build_object('emoji', x.emoji, 'count', x.n, 'user_ids', x.user_ids)
        ORDER BY x.first_at, x.first_id
      ),
      '[]'::json
    )
    FROM (
      SELECT emoji, count(*)::integer AS n, array_agg(user_id ORDER BY id) AS user_ids,
        min(created_at) AS first_at, min(id) AS first_id
      FROM message_reactions WHERE message_id = ${m}.id GROUP BY emoji
    ) AS x)`;
}

/**
 * The mentioned members, in order of first use (JSON array), from `source`: rows of `user_id` and `position`,
 * either stored ones (message_mentions) or ones an insert is writing (which its statement cannot read back).
 */
export function mentionsFrom(
  source: string,
  where: RawBuilder<unknown> = sql``,
): RawBuilder<MentionedUser[]> {
  return sql<MentionedUser[]>`(
    SELECT coalesce(
      json_agg(json_build_object('id', mu.id, 'username', mu.username) ORDER BY mm.position),
      '[]'::json
    )
    FROM ${sql.table(source)} AS mm JOIN users AS mu ON mu.id = mm.user_id ${where})`;
}

/** Whether `alias`'s image, if any, is for its room's members only (a room's privacy never changes). */
export function attachmentForMembers(alias: string): RawBuilder<boolean> {
  const m = sql.table(alias);
  return sql<boolean>`(${m}.attachment_name IS NOT NULL AND EXISTS (
    SELECT 1 FROM rooms AS ar WHERE ar.id = ${m}.room_id AND (ar.private OR ar.kind = 'direct')))`;
}

/** A bigint that stays below 2^53: read as a JS number on both drivers (node-postgres reads int8 as text). */
export const versionOf = (alias: string) => sql<number>`${sql.table(alias)}.version::float8`;

/** A message as the API serialises it: alias `m` for the message rows, `u` for their authors. */
export const messageColumns = () =>
  [
    'm.id',
    'm.room_id',
    'm.content',
    'm.tree',
    'm.attachment_name',
    attachmentForMembers('m').as('attachment_for_members'),
    'm.client_msg_id',
    laravelTimestamp('m.created_at').as('created_at'),
    'm.user_id',
    'u.username',
    laravelTimestamp('m.edited_at').as('edited_at'),
    'm.reply_to_id',
    replyQuote('m').as('reply_to'),
    reactionsOf('m').as('reactions'),
    mentionsFrom('message_mentions', sql`WHERE mm.message_id = m.id`).as('mentions'),
    versionOf('m').as('version'),
    previewOf('m').as('preview'),
  ] as const;

/** The `messages` columns a page is cut from before authors are joined and the rest worked out. */
export const sliceColumns = [
  'id',
  'room_id',
  'content',
  'tree',
  'attachment_name',
  'client_msg_id',
  'created_at',
  'user_id',
  'edited_at',
  'reply_to_id',
  'version',
  'preview_url',
] as const;

export function selectMessages(db: Db) {
  return db.selectFrom('messages as m').innerJoin('users as u', 'u.id', 'm.user_id').select(messageColumns());
}
