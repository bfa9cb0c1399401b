import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { publishRoomRead } from '../realtime/room-read';
import { markRead as moveReadPosition } from '../repositories/rooms';

export interface MarkReadDeps {
  db: Db;
  publisher: Publisher;
  log: FastifyBaseLogger;
}

/**
 * The one read path: membership and the move forward in one statement (repositories/rooms `markRead`), then,
 * only when the position moved and after the commit, RoomRead on the reader's own channel. A failed publish
 * is logged and the position stands: the other tabs catch up at their next read of the list.
 */
export async function markRead(
  deps: MarkReadDeps,
  input: { roomId: number; userId: number; messageId: number },
): Promise<'ok' | 'not_member' | 'not_found'> {
  const outcome = await moveReadPosition(deps.db, input.roomId, input.userId, input.messageId);
  if (outcome.status !== 'ok') return outcome.status;
  if (outcome.movedTo !== null) {
    await publishRoomRead(deps.publisher, input.userId, {
      room_id: input.roomId,
      last_read_id: outcome.movedTo,
    }).catch((error: unknown) =>
      deps.log.warn({ err: error, roomId: input.roomId }, 'RoomRead broadcast failed'),
    );
  }
  return 'ok';
}
