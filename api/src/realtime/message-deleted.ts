import { MESSAGE_DELETED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { MessageDeletedEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel, userChannel } from './channels';
import { MAX_BATCH_EVENTS, type PublishedEvent, type Publisher } from './publisher';

/** What `listen('MessageDeleted')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_DELETED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * Ids only, on both channels a message's MessageSent went to, in one batch: the room's own for its members'
 * open rooms, and `private-chatroom` for clients that read the room through it (and for room lists' unread
 * counts). In a direct message (`directMemberIds`), each member's own channel instead of `private-chatroom`,
 * as its MessageSent. Call only after the delete has committed.
 */
export async function publishMessageDeleted(
  publisher: Publisher,
  deleted: { roomId: number; messageId: number; directMemberIds?: readonly number[] | null },
): Promise<void> {
  const event: MessageDeletedEvent = { room_id: deleted.roomId, message_id: deleted.messageId };
  const listChannels = deleted.directMemberIds ? deleted.directMemberIds.map(userChannel) : [CHAT_CHANNEL];
  const events: PublishedEvent[] = [roomChannel(deleted.roomId), ...listChannels].map((channel) => ({
    channel,
    event: MESSAGE_DELETED_EVENT,
    data: event,
  }));
  for (let at = 0; at < events.length; at += MAX_BATCH_EVENTS) {
    await publisher.publishBatch(events.slice(at, at + MAX_BATCH_EVENTS));
  }
}
