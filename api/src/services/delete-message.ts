import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { Db } from '../db/schema';
import { publishMessageDeleted } from '../realtime/message-deleted';
import type { Publisher } from '../realtime/publisher';
import { type DeleteOutcome, deleteMessage as deleteRow } from '../repositories/messages/delete-message';
import type { RoomPageCache } from '../repositories/room-page-cache';

export interface DeleteMessageDeps {
  db: Db;
  store: AttachmentStore;
  publisher: Publisher;
  pages: RoomPageCache | null;
  log: FastifyBaseLogger;
}

/**
 * The one delete path: the row goes (its author's, the room owner's or a site administrator's, see
 * repositories/messages/delete-message), then, after the commit, its stored image and the
 * MessageDeleted broadcasts. Either may fail without undoing the delete (it is logged): an image left behind
 * is reachable only through links issued before the delete, until they expire, and a client that missed
 * the event no longer finds the message in any page it reads.
 */
export async function deleteMessage(
  deps: DeleteMessageDeps,
  target: { roomId: number; messageId: number; userId: number },
): Promise<DeleteOutcome['status']> {
  const outcome = await deleteRow(deps.db, target);
  if (outcome.status !== 'deleted') return outcome.status;
  const { roomId, messageId } = target;
  deps.pages?.changed(roomId);
  if (outcome.attachmentName) {
    await deps.store
      .remove(outcome.attachmentName)
      .catch((error: unknown) => deps.log.warn({ err: error, messageId }, 'attachment removal failed'));
  }
  const { directMemberIds } = outcome;
  await publishMessageDeleted(deps.publisher, { roomId, messageId, directMemberIds }).catch(
    (error: unknown) => deps.log.warn({ err: error, messageId }, 'MessageDeleted broadcast failed'),
  );
  return 'deleted';
}
