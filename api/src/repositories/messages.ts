import type { ReplyQuote } from '@chat/shared/schemas';
import { REPLY_QUOTE_MAX } from '@chat/shared/schemas';
import { type RawBuilder, sql } from 'kysely';
import { laravelTimestamp } from '../db/laravel-timestamp';
import type { Db } from '../db/schema';
import { MAX_ID } from '../db/schema';

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
}

export interface MentionedUser {
  id: number;
  username: string;
}

/** The quote of the message `alias.reply_to_id` names, if it still exists in the same room (JSON or null). */
function replyQuote(alias: string): RawBuilder<ReplyQuote | null> {
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

/** The members the message `alias.id` mentions, in order of first use (JSON array). */
function mentionsOf(alias: string): RawBuilder<MentionedUser[]> {
  const m = sql.table(alias);
  return sql<MentionedUser[]>`(
    SELECT coalesce(
      json_agg(json_build_object('id', mu.id, 'username', mu.username) ORDER BY mm.position),
      '[]'::json
    )
    FROM message_mentions AS mm JOIN users AS mu ON mu.id = mm.user_id
    WHERE mm.message_id = ${m}.id)`;
}

/**
 * The members of `roomId` that `names` (candidates from `mentionedNames`, in order of first use) name,
 * regardless of case, on the unique index of `lower(username)`: `user_id`, `position` (0, 1, …).
 */
function mentionedMembers(roomId: number, names: readonly string[]) {
  return sql`
    SELECT mu.id AS user_id, (row_number() OVER (ORDER BY min(t.ord)) - 1)::smallint AS position
    FROM unnest(${names as string[]}::text[]) WITH ORDINALITY AS t (name, ord)
    JOIN users AS mu ON lower(mu.username) = lower(t.name)
    JOIN room_members AS mr ON mr.room_id = ${roomId} AND mr.user_id = mu.id
    GROUP BY mu.id`;
}

/**
 * A room id for `room_id = …` where the room's newest messages are walked on `(room_id, id)`: a subquery's
 * value, not a constant. Given the constant, the planner reads a large room's share of the table from its
 * statistics and walks the primary key back through every other room's newer messages instead (225,000 of
 * them, 190 ms for a newest page, in the search benchmark's database of 100 rooms).
 */
export const plannedAsAnyRoom = (roomId: number) => sql<number>`(SELECT ${roomId}::integer)`;

/** A bigint that stays below 2^53: read as a JS number on both drivers (node-postgres reads int8 as text). */
const versionOf = (alias: string) => sql<number>`${sql.table(alias)}.version::float8`;

/** A message as the API serialises it: alias `m` for the message rows, `u` for their authors. */
export const messageColumns = () =>
  [
    'm.id',
    'm.room_id',
    'm.content',
    'm.attachment_name',
    'm.client_msg_id',
    laravelTimestamp('m.created_at').as('created_at'),
    'm.user_id',
    'u.username',
    laravelTimestamp('m.edited_at').as('edited_at'),
    'm.reply_to_id',
    replyQuote('m').as('reply_to'),
    reactionsOf('m').as('reactions'),
    mentionsOf('m').as('mentions'),
    versionOf('m').as('version'),
  ] as const;

function selectMessages(db: Db) {
  return db.selectFrom('messages as m').innerJoin('users as u', 'u.id', 'm.user_id').select(messageColumns());
}

export interface PageQuery {
  afterId?: number;
  beforeId?: number;
  /** With `afterId`: also the messages up to it whose version is above this, at most `limit`, lowest first. */
  changedAfter?: number;
  /** The page around this message: about half of `limit` before it, the rest from it on (not with the others). */
  aroundId?: number;
  limit: number;
  /**
   * Only this member's view: not a member, no rows (the caller then tells 403 from 404). Null: the caller has
   * checked membership itself.
   */
  memberId: number | null;
}

export const sliceColumns = [
  'id',
  'room_id',
  'content',
  'attachment_name',
  'client_msg_id',
  'created_at',
  'user_id',
  'edited_at',
  'reply_to_id',
  'version',
] as const;

/**
 * A page in ascending id order. With `after_id` the page starts right after it (the live-update cursor);
 * otherwise it is the newest `limit` messages, below `before_id` when given (scrolling back). With
 * `changed_after` (and `after_id`) the page also holds the messages up to `after_id` whose version is above
 * it: at most `limit` of them, the lowest versions first, on the `(room_id, version)` index.
 *
 * One statement for the membership check and the page. The limit applies inside, on `(room_id, id)`, before
 * authors are joined, dates formatted, replies quoted and reactions counted, so only the page's rows are.
 * (Joined first, a planner without statistics joined, formatted and sorted all 10,000 rows of a room to keep
 * 50; PGlite gathers none by itself, see db/pglite-pool.ts.)
 */
export async function pageMessages(db: Db, roomId: number, page: PageQuery): Promise<MessageRow[]> {
  const changedAfter = page.afterId === undefined ? undefined : page.changedAfter;
  if (page.afterId !== undefined && page.afterId >= MAX_ID && changedAfter === undefined) return [];
  const newestFirst = page.afterId === undefined;
  const inRoom = () =>
    db
      .selectFrom('messages')
      .select(sliceColumns)
      .where('room_id', '=', plannedAsAnyRoom(roomId))
      .$if(page.memberId !== null, (query) =>
        query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('room_members')
              .select('user_id')
              .where('room_id', '=', roomId)
              .where('user_id', '=', page.memberId as number),
          ),
        ),
      );
  let slice = inRoom()
    .orderBy('id', newestFirst ? 'desc' : 'asc')
    .limit(page.limit);
  if (page.beforeId !== undefined) slice = slice.where('id', '<', Math.min(page.beforeId, MAX_ID));
  if (page.afterId !== undefined) slice = slice.where('id', '>', Math.min(page.afterId, MAX_ID));
  // Both halves have the slice's columns; the union's type is spelled as the slice's so one query reads either.
  const source: typeof slice =
    changedAfter === undefined
      ? slice
      : (db
          .selectFrom(slice.as('next'))
          .selectAll()
          .unionAll(
            db
              .selectFrom(
                inRoom()
                  .where('id', '<=', Math.min(page.afterId as number, MAX_ID))
                  .where(sql<boolean>`version > ${String(changedAfter)}::bigint`)
                  .orderBy('version', 'asc')
                  .limit(page.limit)
                  .as('changed'),
              )
              .selectAll(),
          ) as unknown as typeof slice);
  const rows = await db
    .selectFrom(source.as('m'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(messageColumns())
    .orderBy('m.id', 'asc')
    .execute();
  return rows as MessageRow[];
}

/**
 * The page around a message (opening a room where its reader left off, or at a search result): up to `limit`
 * messages in ascending order, `floor(limit / 2)` before `aroundId` and the rest from it on, either side
 * filling in when the other has fewer. One statement: two range scans of `(room_id, id)` of at most `limit`
 * rows each (backwards below the id, forwards from it), the membership check as `pageMessages` makes it.
 */
export async function pageAround(
  db: Db,
  roomId: number,
  page: { aroundId: number; limit: number; memberId: number | null },
): Promise<MessageRow[]> {
  const aroundId = Math.min(page.aroundId, MAX_ID);
  const side = (before: boolean) =>
    db
      .selectFrom('messages')
      .select(sliceColumns)
      .where('room_id', '=', plannedAsAnyRoom(roomId))
      .where('id', before ? '<' : '>=', aroundId)
      .$if(page.memberId !== null, (query) =>
        query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('room_members')
              .select('user_id')
              .where('room_id', '=', roomId)
              .where('user_id', '=', page.memberId as number),
          ),
        ),
      )
      .orderBy('id', before ? 'desc' : 'asc')
      .limit(page.limit);
  const source = db
    .selectFrom(side(true).as('before'))
    .selectAll()
    .unionAll(db.selectFrom(side(false).as('after')).selectAll());
  const rows = (await db
    .selectFrom(source.as('m'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(messageColumns())
    .orderBy('m.id', 'asc')
    .execute()) as MessageRow[];
  const before = rows.filter((row) => row.id < aroundId).length;
  const after = rows.length - before;
  const wantBefore = Math.floor(page.limit / 2);
  const takeBefore = Math.min(before, Math.max(wantBefore, page.limit - after));
  const takeAfter = Math.min(after, page.limit - takeBefore);
  return rows.slice(before - takeBefore, before + takeAfter);
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return selectMessages(db).where('m.id', '=', id).executeTakeFirst();
}

export async function findMessageByClientId(
  db: Db,
  userId: number,
  clientMsgId: string,
): Promise<MessageRow | undefined> {
  return selectMessages(db)
    .where('m.user_id', '=', userId)
    .where('m.client_msg_id', '=', clientMsgId)
    .executeTakeFirst();
}

export interface NewMessage {
  roomId: number;
  userId: number;
  content: string;
  attachment: { name: string; type: string } | null;
  clientMsgId: string | null;
  /** A message of the same room this one answers. */
  replyToId?: number | null;
  /** The names its text may mention (`mentionedNames`); the room's members among them are stored. */
  mentionNames?: readonly string[];
}

export type InsertOutcome =
  /**
   * `previousId`: the room's message just before this one (null: it is the first), exact under the room lock.
   * `roomName`: the room's name as the lock read it (for mention notifications).
   */
  | { status: 'created'; message: MessageRow; previousId: number | null; roomName: string }
  | { status: 'duplicate' }
  | { status: 'not_found' }
  | { status: 'not_member' }
  /** `replyToId` names no message of this room (none, another room's, or a deleted one). */
  | { status: 'reply_invalid' };

interface InsertRow extends Partial<MessageRow> {
  room_found: boolean;
  is_member: boolean;
  is_repeat: boolean;
  reply_found: boolean;
  previous_id: number | null;
  room_name: string | null;
}

/**
 * One statement, one round trip, its own transaction: lock the room row, check membership, a repeated
 * client_msg_id and the message replied to, insert, move the room's `last_message_id` on, and answer the
 * stored message with its author, its quote and the id it follows.
 *
 * The room row's lock (taken before the id and the version are drawn, held until the statement commits) makes
 * ids and versions commit one at a time per room, so a reader that has seen id N can never later meet a
 * smaller id in that room, which keeps `after_id` a gap-free cursor (and `changed_after` too). A
 * client_msg_id already stored, or racing in from a concurrent send, inserts nothing and reports `duplicate`
 * (the unique index decides the race); the caller answers the original.
 *
 * The predecessor is the `last_message_id` the lock returns: a send that waited for the room gets the row as
 * the previous send committed it (PostgreSQL re-reads an updated row once its lock is granted), whereas a
 * `max(id)` here would read the statement's older snapshot and miss that send's message.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<InsertOutcome> {
  const { roomId, userId, clientMsgId } = message;
  const replyToId = message.replyToId ?? null;
  const names = message.mentionNames ?? [];
  // Only a text naming someone pays for the mentions: one more index probe per name, in the same statement.
  const mentioned =
    names.length === 0
      ? sql``
      : sql`, mentioned AS (
          INSERT INTO message_mentions (message_id, user_id, room_id, position)
          SELECT inserted.id, c.user_id, inserted.room_id, c.position
          FROM inserted, (${mentionedMembers(roomId, names)}) AS c
          RETURNING user_id, position
        )`;
  const mentions =
    names.length === 0
      ? sql`'[]'::json`
      : sql`(
          SELECT coalesce(
            json_agg(json_build_object('id', mu.id, 'username', mu.username) ORDER BY mn.position),
            '[]'::json
          )
          FROM mentioned AS mn JOIN users AS mu ON mu.id = mn.user_id)`;
  const { rows } = await sql<InsertRow>`
    WITH room AS (
      SELECT id, last_message_id, name FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), repeat AS (
      SELECT 1 FROM messages WHERE user_id = ${userId} AND client_msg_id = ${clientMsgId}::uuid
    ), reply AS (
      SELECT 1 FROM messages WHERE id = ${replyToId}::integer AND room_id = ${roomId}
    ), inserted AS (
      INSERT INTO messages (
        room_id, user_id, content, attachment_name, attachment_type, client_msg_id, reply_to_id
      )
      SELECT room.id, ${userId}::integer, ${message.content}::text, ${message.attachment?.name ?? null}::text,
        ${message.attachment?.type ?? null}::text, ${clientMsgId}::uuid, ${replyToId}::integer
      FROM room
      WHERE EXISTS (SELECT 1 FROM member)
        AND NOT EXISTS (SELECT 1 FROM repeat)
        AND (${replyToId}::integer IS NULL OR EXISTS (SELECT 1 FROM reply))
      ON CONFLICT (user_id, client_msg_id) DO NOTHING
      RETURNING id, room_id, content, attachment_name, client_msg_id, created_at, user_id, edited_at,
        reply_to_id, version
    ), moved_on AS (
      UPDATE rooms SET last_message_id = inserted.id FROM inserted WHERE rooms.id = inserted.room_id
    )${mentioned}
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      EXISTS (SELECT 1 FROM repeat) AS is_repeat,
      (${replyToId}::integer IS NULL OR EXISTS (SELECT 1 FROM reply)) AS reply_found,
      i.id, i.room_id, i.content, i.attachment_name, i.client_msg_id,
      ${laravelTimestamp('i.created_at')} AS created_at, i.user_id, u.username,
      ${laravelTimestamp('i.edited_at')} AS edited_at, i.reply_to_id,
      CASE WHEN i.reply_to_id IS NULL THEN NULL ELSE ${replyQuote('i')} END AS reply_to,
      '[]'::json AS reactions,
      CASE WHEN i.id IS NULL THEN '[]'::json ELSE ${mentions} END AS mentions,
      ${versionOf('i')} AS version,
      (SELECT last_message_id FROM room) AS previous_id, (SELECT name FROM room) AS room_name
    FROM (SELECT 1) AS one
    LEFT JOIN inserted AS i ON true
    LEFT JOIN users AS u ON u.id = i.user_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.id === undefined || row.id === null) {
    return { status: row.is_repeat || row.reply_found ? 'duplicate' : 'reply_invalid' };
  }
  const {
    room_found: _,
    is_member: __,
    is_repeat: ___,
    reply_found: ____,
    previous_id: previousId,
    room_name: roomName,
    ...stored
  } = row;
  return { status: 'created', message: stored as MessageRow, previousId, roomName: roomName ?? '' };
}

export type DeleteOutcome =
  /** `attachmentName`: the stored file the message held, now the caller's to remove. */
  | { status: 'deleted'; attachmentName: string | null }
  | { status: 'not_found' | 'not_member' | 'not_author' };

/**
 * Deletes a member's own message, in one statement: a room and membership check, the author check and the
 * delete. A message of another room counts as unknown. The room's `last_message_id` stays as it was: it is
 * the id later messages name as their `previous_id`, and a reader that held the deleted message holds that
 * id as its cursor (see docs/api.md, Staying gap-free).
 */
export async function deleteMessage(
  db: Db,
  target: { roomId: number; messageId: number; userId: number },
): Promise<DeleteOutcome> {
  const { roomId, messageId, userId } = target;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    author_id: number | null;
    deleted: boolean;
    attachment_name: string | null;
  }>`
    WITH member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), target AS (
      SELECT user_id FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
    ), deleted AS (
      DELETE FROM messages
      WHERE id = ${messageId} AND room_id = ${roomId} AND user_id = ${userId} AND EXISTS (SELECT 1 FROM member)
      RETURNING attachment_name
    )
    SELECT
      EXISTS (SELECT 1 FROM rooms WHERE id = ${roomId}) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT user_id FROM target) AS author_id,
      EXISTS (SELECT 1 FROM deleted) AS deleted,
      (SELECT attachment_name FROM deleted) AS attachment_name`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member) return { status: 'not_member' };
  if (row.deleted) return { status: 'deleted', attachmentName: row.attachment_name };
  // Another's message; or none, or one a concurrent delete took first (its author then reads as this user).
  return { status: row.author_id !== null && row.author_id !== userId ? 'not_author' : 'not_found' };
}

/**
 * Takes the room row's lock for the rest of the transaction, as a send does: the room's name, or null when
 * there is no such room.
 */
async function lockRoom(trx: Db, roomId: number): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE`.execute(trx);
  return rows[0]?.name ?? null;
}

/** A foreign key violation: the message was deleted (its delete does not take the room lock) meanwhile. */
const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

export type EditOutcome =
  /** `addedMentions`: members the new text mentions that the old one did not; `roomName` for their notice. */
  | { status: 'edited'; message: MessageRow; addedMentions: number[]; roomName: string }
  | { status: 'not_found' | 'not_member' | 'not_author' | 'content_required' };

/**
 * The author changes a message's text: the text, `edited_at` and a new version, under the room's lock (so the
 * version commits in order within the room, see insertMessage), then the message as it now reads, in the same
 * transaction. A message of another room counts as unknown. Blank text only for a message with an image.
 */
export async function editMessage(
  db: Db,
  target: {
    roomId: number;
    messageId: number;
    userId: number;
    content: string;
    /** The names the new text may mention (`mentionedNames`). */
    mentionNames?: readonly string[];
  },
): Promise<EditOutcome> {
  const { roomId, messageId, userId, content } = target;
  return db.transaction().execute(async (trx): Promise<EditOutcome> => {
    const roomName = await lockRoom(trx, roomId);
    if (roomName === null) return { status: 'not_found' };
    const { rows } = await sql<{
      is_member: boolean;
      author_id: number | null;
      has_attachment: boolean | null;
      updated: boolean;
    }>`
      WITH member AS (
        SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
      ), target AS (
        SELECT user_id, attachment_name FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
      ), updated AS (
        UPDATE messages
        SET content = ${content}::text, edited_at = now(), version = nextval('message_versions')
        WHERE id = ${messageId} AND room_id = ${roomId} AND user_id = ${userId}
          AND EXISTS (SELECT 1 FROM member)
          AND (${content}::text <> '' OR attachment_name IS NOT NULL)
        RETURNING id
      )
      SELECT
        EXISTS (SELECT 1 FROM member) AS is_member,
        (SELECT user_id FROM target) AS author_id,
        (SELECT attachment_name IS NOT NULL FROM target) AS has_attachment,
        EXISTS (SELECT 1 FROM updated) AS updated`.execute(trx);
    const row = rows[0];
    if (!row?.is_member) return { status: 'not_member' };
    if (row.author_id === null) return { status: 'not_found' };
    if (row.author_id !== userId) return { status: 'not_author' };
    if (!row.updated)
      return { status: row.has_attachment || content !== '' ? 'not_found' : 'content_required' };
    const addedMentions = await replaceMentions(trx, { roomId, messageId, names: target.mentionNames ?? [] });
    const message = await findMessage(trx, messageId);
    return message ? { status: 'edited', message, addedMentions, roomName } : { status: 'not_found' };
  });
}

/**
 * An edited message's mentions become those of its new text (members of the room now), in one statement:
 * the ones no longer named go, the others are added or moved to their new position. Answers the members
 * mentioned now and not before.
 */
async function replaceMentions(
  trx: Db,
  target: { roomId: number; messageId: number; names: readonly string[] },
): Promise<number[]> {
  const { roomId, messageId, names } = target;
  const { rows } = await sql<{ user_id: number }>`
    WITH old AS (
      SELECT user_id FROM message_mentions WHERE message_id = ${messageId}
    ), wanted AS (
      ${names.length === 0 ? sql`SELECT NULL::integer AS user_id, NULL::smallint AS position WHERE false` : mentionedMembers(roomId, names)}
    ), removed AS (
      DELETE FROM message_mentions
      WHERE message_id = ${messageId} AND user_id NOT IN (SELECT user_id FROM wanted)
    ), kept AS (
      INSERT INTO message_mentions (message_id, user_id, room_id, position)
      SELECT ${messageId}::integer, user_id, ${roomId}::integer, position FROM wanted
      ON CONFLICT (message_id, user_id) DO UPDATE SET position = excluded.position
    )
    SELECT user_id FROM wanted WHERE user_id NOT IN (SELECT user_id FROM old) ORDER BY position`.execute(trx);
  return rows.map((row) => row.user_id);
}

export type ReactionOutcome =
  /** `changed`: false when the reaction was already there (added) or not there (removed). */
  | { status: 'done'; changed: boolean; message: MessageRow }
  | { status: 'not_found' | 'not_member' | 'too_many' };

/**
 * Adds (`reacted`) or removes a member's reaction, idempotently: the primary key (message, user, emoji) decides
 * races. A change also draws the message a new version, all under the room's lock, so reaction changes commit
 * in version order within the room and counts read afterwards in the transaction are exact. A new emoji on a
 * message already carrying `maxEmojis` distinct ones is refused (`too_many`). Answers the message as it now
 * reads (its reactions and version).
 */
export async function setReaction(
  db: Db,
  target: {
    roomId: number;
    messageId: number;
    userId: number;
    emoji: string;
    reacted: boolean;
    maxEmojis: number;
  },
): Promise<ReactionOutcome> {
  const { roomId, messageId, userId, emoji } = target;
  const run = db.transaction().execute(async (trx): Promise<ReactionOutcome> => {
    if ((await lockRoom(trx, roomId)) === null) return { status: 'not_found' };
    const change = target.reacted
      ? sql`
          emojis AS (
            SELECT count(DISTINCT emoji) AS n, coalesce(bool_or(emoji = ${emoji}), false) AS has
            FROM message_reactions WHERE message_id = ${messageId}
          ), changed AS (
            INSERT INTO message_reactions (message_id, user_id, emoji)
            SELECT target.id, ${userId}::integer, ${emoji}::text FROM target, emojis
            WHERE EXISTS (SELECT 1 FROM member) AND (emojis.has OR emojis.n < ${target.maxEmojis})
            ON CONFLICT DO NOTHING
            RETURNING message_id
          )`
      : sql`
          emojis AS (SELECT true AS has), changed AS (
            DELETE FROM message_reactions
            WHERE message_id = (SELECT id FROM target) AND user_id = ${userId} AND emoji = ${emoji}
              AND EXISTS (SELECT 1 FROM member)
            RETURNING message_id
          )`;
    const { rows } = await sql<{ is_member: boolean; found: boolean; has: boolean | null; changed: boolean }>`
      WITH member AS (
        SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
      ), target AS (
        SELECT id FROM messages WHERE id = ${messageId} AND room_id = ${roomId}
      ), ${change}, bumped AS (
        UPDATE messages SET version = nextval('message_versions')
        WHERE id = ${messageId} AND EXISTS (SELECT 1 FROM changed)
      )
      SELECT
        EXISTS (SELECT 1 FROM member) AS is_member,
        EXISTS (SELECT 1 FROM target) AS found,
        (SELECT has FROM emojis) AS has,
        EXISTS (SELECT 1 FROM changed) AS changed`.execute(trx);
    const row = rows[0];
    if (!row?.is_member) return { status: 'not_member' };
    if (!row.found) return { status: 'not_found' };
    if (target.reacted && !row.changed && row.has === false) {
      // Not there and not added: the message's emojis are at the limit (or it was deleted meanwhile).
      const stillThere = await findMessage(trx, messageId);
      if (!stillThere) return { status: 'not_found' };
      const mine = stillThere.reactions.some(
        (reaction) => reaction.emoji === emoji && reaction.user_ids.includes(userId),
      );
      if (!mine) return { status: 'too_many' };
      return { status: 'done', changed: false, message: stillThere };
    }
    const message = await findMessage(trx, messageId);
    return message ? { status: 'done', changed: row.changed, message } : { status: 'not_found' };
  });
  return run.catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return { status: 'not_found' };
    throw error;
  });
}

export type SeedOutcome =
  /** `previousId`: the message just before `lastId` in the room (null: none). */
  | { status: 'created'; count: number; firstId: number; lastId: number; previousId: number | null }
  | { status: 'not_found' }
  | { status: 'not_member' };

/** A word of a seeded vocabulary: appended to message number n when n is a multiple of `every`. */
export interface SeedWord {
  word: string;
  every: number;
}

/**
 * For tests and benchmarks only: `count` messages `{prefix} {from}`…`{prefix} {from + count - 1}` from one
 * member, in one statement, each followed by the `words` whose `every` divides its number, in the order given
 * (so a word of `every: 100` is in 1 % of them, and two words are a phrase where both are). generate_series
 * feeds the insert in order, so ids increase with the number; the room row is locked as a send locks it, so
 * the batch commits in order with concurrent sends.
 */
export async function seedMessages(
  db: Db,
  seed: { roomId: number; userId: number; count: number; prefix: string; from?: number; words?: SeedWord[] },
): Promise<SeedOutcome> {
  const { roomId, userId } = seed;
  const from = seed.from ?? 1;
  const words = seed.words ?? [];
  const vocabulary =
    words.length === 0
      ? sql``
      : sql` || coalesce((
          SELECT string_agg(' ' || w.word, '' ORDER BY w.ord)
          FROM unnest(${words.map((w) => w.word)}::text[], ${words.map((w) => w.every)}::integer[])
            WITH ORDINALITY AS w (word, every, ord)
          WHERE n % w.every = 0), '')`;
  const { rows } = await sql<{
    room_found: boolean;
    is_member: boolean;
    count: number;
    first_id: number | null;
    last_id: number | null;
    previous_id: number | null;
  }>`
    WITH room AS (
      SELECT id, last_message_id FROM rooms WHERE id = ${roomId} FOR NO KEY UPDATE
    ), member AS (
      SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}
    ), inserted AS (
      INSERT INTO messages (room_id, user_id, content)
      SELECT room.id, ${userId}::integer, ${seed.prefix}::text || ' ' || n${vocabulary}
      FROM room, generate_series(${from}::integer, ${from + seed.count - 1}::integer) AS n
      WHERE EXISTS (SELECT 1 FROM member)
      ORDER BY n
      RETURNING id
    ), moved_on AS (
      UPDATE rooms SET last_message_id = (SELECT max(id) FROM inserted)
      WHERE id = ${roomId} AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT
      EXISTS (SELECT 1 FROM room) AS room_found,
      EXISTS (SELECT 1 FROM member) AS is_member,
      (SELECT count(*)::integer FROM inserted) AS count,
      (SELECT min(id) FROM inserted) AS first_id,
      (SELECT max(id) FROM inserted) AS last_id,
      coalesce(
        (SELECT id FROM inserted ORDER BY id DESC OFFSET 1 LIMIT 1),
        (SELECT last_message_id FROM room)
      ) AS previous_id`.execute(db);
  const row = rows[0];
  if (!row?.room_found) return { status: 'not_found' };
  if (!row.is_member || row.first_id === null || row.last_id === null) return { status: 'not_member' };
  // Statistics as autovacuum would soon gather them after such a load, so a seeded room is read the way a
  // long-lived one is (PGlite has no autovacuum at all).
  await sql`ANALYZE messages`.execute(db);
  return {
    status: 'created',
    count: row.count,
    firstId: row.first_id,
    lastId: row.last_id,
    previousId: row.previous_id,
  };
}
