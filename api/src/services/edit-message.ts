import { mentionedNames } from '@chat/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { UrlSigner } from '../attachments/signed-url';
import type { Db } from '../db/schema';
import { messageForMember, toSharedMessageResource } from '../http/message-resource';
import { mentionEvents } from '../realtime/mention-notification';
import { publishMessageUpdated } from '../realtime/message-updated';
import type { Publisher } from '../realtime/publisher';
import { type EditOutcome, editMessage as editRow } from '../repositories/messages/edit-message';
import type { RoomPageCache } from '../repositories/room-page-cache';

export interface EditMessageDeps {
  db: Db;
  signer: UrlSigner;
  publisher: Publisher;
  pages: RoomPageCache | null;
  log: FastifyBaseLogger;
}

/**
 * The one edit path: the author's new text, `edited_at` and a new version (see repositories/messages/
 * edit-message; its mentions follow the new text), then, after the commit, the page cache and the
 * MessageUpdated broadcasts, with a mention notification for each member the edit newly mentions. A failed publish is
 * logged and the edit stands: readers catch it up with `changed_after`. In a direct message, nothing on the
 * shared channel and no mention notification (its members were notified of the message when it was sent); in
 * a private room nothing on the shared channel either.
 */
export async function editMessage(
  deps: EditMessageDeps,
  target: { roomId: number; messageId: number; userId: number; content: string },
): Promise<EditOutcome> {
  const outcome = await editRow(deps.db, { ...target, mentionNames: mentionedNames(target.content) });
  if (outcome.status !== 'edited') return outcome;
  const { message } = outcome;
  deps.pages?.updated(message, true);
  await publishMessageUpdated(
    deps.publisher,
    {
      roomId: message.room_id,
      messageId: message.id,
      version: message.version,
      message: toSharedMessageResource(message, deps.signer),
      // A private room's ids stay off the shared channel too; its members were notified as in any room.
      direct: outcome.direct || outcome.private,
    },
    outcome.direct
      ? []
      : mentionEvents(outcome.roomName, messageForMember(message, deps.signer), outcome.addedMentions),
  ).catch((error: unknown) =>
    deps.log.warn({ err: error, messageId: message.id }, 'MessageUpdated broadcast failed'),
  );
  return outcome;
}
