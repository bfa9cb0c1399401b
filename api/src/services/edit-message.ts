import type { FastifyBaseLogger } from 'fastify';
import type { UrlSigner } from '../attachments/signed-url';
import type { Db } from '../db/create-database';
import { toMessageResource } from '../http/message-resource';
import { publishMessageUpdated } from '../realtime/message-updated';
import type { Publisher } from '../realtime/publisher';
import { type EditOutcome, editMessage as editRow } from '../repositories/messages';
import type { RoomPageCache } from '../repositories/room-page-cache';

export interface EditMessageDeps {
  db: Db;
  signer: UrlSigner;
  publisher: Publisher;
  pages: RoomPageCache | null;
  log: FastifyBaseLogger;
}

/**
 * The one edit path: the author's new text, `edited_at` and a new version (see repositories/messages
 * editMessage), then, after the commit, the page cache and the MessageUpdated broadcasts. A failed publish is
 * logged and the edit stands: readers catch it up with `changed_after`.
 */
export async function editMessage(
  deps: EditMessageDeps,
  target: { roomId: number; messageId: number; userId: number; content: string },
): Promise<EditOutcome> {
  const outcome = await editRow(deps.db, target);
  if (outcome.status !== 'edited') return outcome;
  const { message } = outcome;
  deps.pages?.updated(message, true);
  await publishMessageUpdated(deps.publisher, {
    roomId: message.room_id,
    messageId: message.id,
    version: message.version,
    message: toMessageResource(message, deps.signer, null),
  }).catch((error: unknown) =>
    deps.log.warn({ err: error, messageId: message.id }, 'MessageUpdated broadcast failed'),
  );
  return outcome;
}
