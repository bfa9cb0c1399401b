import { MESSAGE_DELETED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { MessageDeletedEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('MessageDeleted')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_DELETED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * Ids only, on both channels a message's MessageSent went to, in one batch: the room's own for its members'
 * open rooms, and `private-chatroom` for clients that read the room through it (and for room lists' unread
 * counts). Call only after the delete has committed.
 */
export async function publishMessageDeleted(
  publisher: Publisher,
  deleted: { roomId: number; messageId: number },
): Promise<void> {
  const event: MessageDeletedEvent = { room_id: deleted.roomId, message_id: deleted.messageId };
  await publisher.publishBatch([
    { channel: roomChannel(deleted.roomId), event: MESSAGE_DELETED_EVENT, data: event },
    { channel: CHAT_CHANNEL, event: MESSAGE_DELETED_EVENT, data: event },
  ]);
}
