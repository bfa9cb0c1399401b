import type { Db } from '../db/schema';
import { roomIsPublic } from '../repositories/rooms';
import { forbidden, type HttpError, notFound } from './http-error';
import { NOT_A_MEMBER } from './refusals';

/**
 * The answer to a caller a room's contents were withheld from (the read or write found them no member): 403
 * for a public room, which anyone may find; 404 for a private room or a direct message, whose existence is
 * their members' business alone, and for no room at all. Asked only once refused, so a member's request costs no extra statement.
 */
export async function membershipRefusal(db: Db, roomId: number): Promise<HttpError> {
  return (await roomIsPublic(db, roomId)) ? forbidden(NOT_A_MEMBER) : notFound();
}
