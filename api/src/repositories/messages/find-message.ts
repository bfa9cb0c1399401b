import type { Db } from '../../db/schema';
import { type MessageRow, selectMessages } from './columns';

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return selectMessages(db).where('m.id', '=', id).executeTakeFirst();
}

/** A sender's message by the id its client gave it: what a repeated send answers. */
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
