import { mentionedNames } from '@chat/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentStore } from '../attachments/attachment-store';
import { detectImage } from '../attachments/detect-image';
import type { UrlSigner } from '../attachments/signed-url';
import type { Db } from '../db/schema';
import { messageForMember, toSharedMessageResource } from '../http/message-resource';
import type { LinkPreviews } from '../link-previews/link-previews';
import { directMessageEvents } from '../realtime/direct-message-notification';
import { mentionEvents } from '../realtime/mention-notification';
import { publishMessageSent } from '../realtime/message-sent';
import type { Publisher } from '../realtime/publisher';
import type { MessageRow } from '../repositories/messages/columns';
import { findMessageByClientId } from '../repositories/messages/find-message';
import { insertMessage } from '../repositories/messages/insert-message';
import type { RoomPageCache } from '../repositories/room-page-cache';
import { isMember, roomExists } from '../repositories/rooms';

export interface SendMessageDeps {
  db: Db;
  store: AttachmentStore;
  /** Signs attachment links in the events exactly as the messages page signs them. */
  signer: UrlSigner;
  publisher: Publisher;
  pages: RoomPageCache | null;
  /** Reads the first link's page behind the answer (null: previews are off). */
  previews?: LinkPreviews | null;
  log: FastifyBaseLogger;
}

export interface SendMessageInput {
  roomId: number;
  userId: number;
  content: string;
  clientMsgId: string | null;
  attachment: Uint8Array | null;
  /** A message of the same room this one answers. */
  replyToId?: number | null;
}

export type SendMessageOutcome =
  | { status: 'created' | 'existing'; message: MessageRow }
  | { status: 'not_found' | 'not_member' | 'not_an_image' | 'reply_invalid' | 'archived' };

/**
 * The one write path for messages: idempotency by client_msg_id, image check by content, storage, the insert,
 * and only after the insert has committed, the MessageSent broadcasts: ids on the shared channel, the message
 * (null when its image is linked per member, http/message-resource) and its predecessor's id on the room's own
 * (see `publishMessageSent`), and in the same batch a mention notification on the own channel of each member
 * the text mentions, its author excepted (realtime/mention-notification). A repeated send publishes nothing. In a direct message, the ids go to each
 * member's own channel instead of the shared one, and every member but the author gets a direct message
 * notification in place of any mention's (realtime/direct-message-notification). Last, the first link's preview
 * is scheduled (link-previews/): it never delays the answer, and a page that fails gives no preview.
 *
 * A text message costs one statement (membership, repeat and insert together, see `insertMessage`). An image
 * is checked first, so that nothing is stored for a sender who may not post or who is repeating a send.
 */
export async function sendMessage(
  deps: SendMessageDeps,
  input: SendMessageInput,
): Promise<SendMessageOutcome> {
  const { db, store } = deps;
  let attachment: { name: string; type: string } | null = null;
  if (input.attachment) {
    if (!(await isMember(db, input.roomId, input.userId))) {
      return { status: (await roomExists(db, input.roomId)) ? 'not_member' : 'not_found' };
    }
    if (input.clientMsgId) {
      const original = await findMessageByClientId(db, input.userId, input.clientMsgId);
      if (original) return { status: 'existing', message: original };
    }
    const image = await detectImage(input.attachment);
    if (!image) return { status: 'not_an_image' };
    attachment = { name: await store.save(input.attachment, image), type: image.mime };
  }

  const outcome = await insertMessage(db, {
    ...input,
    attachment,
    mentionNames: mentionedNames(input.content),
  });
  if (outcome.status !== 'created') {
    if (attachment) await store.remove(attachment.name);
    if (outcome.status !== 'duplicate') return outcome;
    // The client_msg_id was sent before (a retry), or two sends with it raced and the other one won:
    // its message is the answer.
    const original = await findMessageByClientId(db, input.userId, input.clientMsgId as string);
    return { status: 'existing', message: original as MessageRow };
  }

  deps.pages?.added(outcome.message);
  try {
    const message = toSharedMessageResource(outcome.message, deps.signer);
    const messageFor = messageForMember(outcome.message, deps.signer);
    const { directMembers, privateMemberIds } = outcome;
    const mentioned = outcome.message.mentions.map((user) => user.id);
    await publishMessageSent(
      deps.publisher,
      {
        roomId: input.roomId,
        messageId: outcome.message.id,
        previousId: outcome.previousId,
        message,
        // A private room's ids go to its members' own channels as a direct message's do.
        directMemberIds: directMembers?.map((member) => member.id) ?? privateMemberIds,
      },
      directMembers
        ? directMessageEvents(directMembers, messageFor)
        : mentionEvents(outcome.roomName, messageFor, mentioned),
    );
  } catch (error) {
    // The message is stored either way; clients catch up on their next fetch with after_id.
    deps.log.warn({ err: error, messageId: outcome.message.id }, 'MessageSent broadcast failed');
  }
  // Off the request: the preview, if any, arrives later as MessageUpdated.
  deps.previews?.schedule(outcome.message);
  return { status: 'created', message: outcome.message };
}
