import type { Db } from '../db/create-database';
import { laravelTimestamp } from '../db/laravel-timestamp';
import { MAX_ID } from '../db/schema';

export interface MessageRow {
  id: number;
  room_id: number;
  content: string;
  attachment_name: string | null;
  client_msg_id: string | null;
  created_at: string;
  user_id: number;
  username: string;
}

function selectMessages(db: Db) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.room_id',
      'm.content',
      'm.attachment_name',
      'm.client_msg_id',
      laravelTimestamp('m.created_at').as('created_at'),
      'm.user_id',
      'u.username',
    ]);
}

export interface PageQuery {
  afterId?: number;
  beforeId?: number;
  limit: number;
}

/**
 * A page in ascending id order. With `after_id` the page starts right after it (the live-update cursor);
 * otherwise it is the newest `limit` messages, below `before_id` when given (scrolling back).
 */
export async function pageMessages(db: Db, roomId: number, page: PageQuery): Promise<MessageRow[]> {
  let query = selectMessages(db).where('m.room_id', '=', roomId).limit(page.limit);
  if (page.beforeId !== undefined) query = query.where('m.id', '<', Math.min(page.beforeId, MAX_ID));
  if (page.afterId !== undefined) {
    if (page.afterId >= MAX_ID) return [];
    return query.where('m.id', '>', page.afterId).orderBy('m.id', 'asc').execute();
  }
  return (await query.orderBy('m.id', 'desc').execute()).reverse();
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
}

export type InsertOutcome =
  | { status: 'created'; id: number }
  | { status: 'duplicate' }
  | { status: 'not_found' }
  | { status: 'not_member' };

/**
 * Inserts under the room row's lock: ids are drawn and committed one at a time per room, so a reader that has
 * seen id N can never later meet a smaller id in that room, which keeps `after_id` a gap-free cursor.
 * A repeated client_msg_id hits the unique index and reports `duplicate` instead of failing.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<InsertOutcome> {
  return db.transaction().execute(async (trx): Promise<InsertOutcome> => {
    const room = await trx
      .selectFrom('rooms')
      .select('id')
      .where('id', '=', message.roomId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!room) return { status: 'not_found' };
    const member = await trx
      .selectFrom('room_members')
      .select('user_id')
      .where('room_id', '=', message.roomId)
      .where('user_id', '=', message.userId)
      .executeTakeFirst();
    if (!member) return { status: 'not_member' };
    const inserted = await trx
      .insertInto('messages')
      .values({
        room_id: message.roomId,
        user_id: message.userId,
        content: message.content,
        attachment_name: message.attachment?.name ?? null,
        attachment_type: message.attachment?.type ?? null,
        client_msg_id: message.clientMsgId,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'client_msg_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? { status: 'created', id: inserted.id } : { status: 'duplicate' };
  });
}
