import type { FastifyBaseLogger } from 'fastify';
import type { UrlSigner } from '../attachments/signed-url';
import { toSharedMessageResource } from '../http/message-resource';
import { publishMessageUpdated } from '../realtime/message-updated';
import type { Publisher } from '../realtime/publisher';
import type { MessageRow } from '../repositories/messages/columns';
import type { RoomPageCache } from '../repositories/room-page-cache';

export interface PreviewChangeDeps {
  signer: UrlSigner;
  publisher: Publisher;
  pages: RoomPageCache | null;
  log: FastifyBaseLogger;
}

/**
 * After a preview was added to or removed from a message (committed): the page cache, then MessageUpdated at
 * the message's new version on exactly the channels an edit uses (no shared-channel ids for a direct message or
 * a private room). Not an edit: `edited_at` stays, no mention is notified again. A failed publish is logged;
 * readers catch the change up with `changed_after`.
 */
export async function announcePreviewChange(
  deps: PreviewChangeDeps,
  changed: { message: MessageRow; direct: boolean; private: boolean },
): Promise<void> {
  const { message } = changed;
  deps.pages?.updated(message, false);
  await publishMessageUpdated(deps.publisher, {
    roomId: message.room_id,
    messageId: message.id,
    version: message.version,
    message: toSharedMessageResource(message, deps.signer),
    direct: changed.direct || changed.private,
  }).catch((error: unknown) =>
    deps.log.warn({ err: error, messageId: message.id }, 'MessageUpdated (preview) broadcast failed'),
  );
}
