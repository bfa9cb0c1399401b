import type { Db } from '../db/schema';
import { roomExists } from '../repositories/rooms';
import { forbidden, type HttpError, notFound } from './http-error';
import { NOT_A_MEMBER } from './refusals';

/**
 * The answer to a caller a room's contents were withheld from (the read found them no member): 403 if the
 * room exists, else 404. Asked only once refused, so a member's read costs no extra statement.
 */
export async function membershipRefusal(db: Db, roomId: number): Promise<HttpError> {
  return (await roomExists(db, roomId)) ? forbidden(NOT_A_MEMBER) : notFound();
}
