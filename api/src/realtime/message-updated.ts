import { MESSAGE_UPDATED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { Message, MessageSentEvent, RoomMessageUpdatedEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, MAX_EVENT_BYTES, roomChannel } from './message-sent';
import type { Publisher } from './publisher';

/** What `listen('MessageUpdated')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_UPDATED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

export interface UpdatedMessage {
  roomId: number;
  messageId: number;
  version: number;
  /** The resource as every member may see it: its reactions' `me` all false. */
  message: Message;
}

/** The room channel's payload: the message itself unless it would exceed the event size limit. */
export function roomUpdatedEvent(updated: UpdatedMessage): RoomMessageUpdatedEvent {
  const event = {
    room_id: updated.roomId,
    message_id: updated.messageId,
    version: updated.version,
    message: updated.message,
  };
  return Buffer.byteLength(JSON.stringify(event)) <= MAX_EVENT_BYTES ? event : { ...event, message: null };
}

/**
 * After its author edited a message, in one batch: the room's own channel gets the message at its new version
 * (null when too large: members read it with `changed_after`), `private-chatroom` ids only, as for MessageSent.
 * Call only after the commit.
 */
export async function publishMessageUpdated(publisher: Publisher, updated: UpdatedMessage): Promise<void> {
  const ids: MessageSentEvent = { room_id: updated.roomId, message_id: updated.messageId };
  await publisher.publishBatch([
    { channel: roomChannel(updated.roomId), event: MESSAGE_UPDATED_EVENT, data: roomUpdatedEvent(updated) },
    { channel: CHAT_CHANNEL, event: MESSAGE_UPDATED_EVENT, data: ids },
  ]);
}
