import { MESSAGE_UPDATED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { Message, MessageSentEvent, RoomMessageUpdatedEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel } from './channels';
import { MAX_EVENT_BYTES } from './message-sent';
import { MAX_BATCH_EVENTS, type PublishedEvent, type Publisher } from './publisher';

/** What `listen('MessageUpdated')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_UPDATED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

export interface UpdatedMessage {
  roomId: number;
  messageId: number;
  version: number;
  /**
   * The resource as every member may see it: its reactions' `me` all false; null when its image is for members
   * only (each reads it then, see http/message-resource).
   */
  message: Message | null;
  /** A direct message's: nothing goes on `private-chatroom`, which every signed-in user hears. */
  direct?: boolean;
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
 * `also` (notifications of newly added mentions) go in the same batch, as many as fit, the rest after it.
 * Call only after the commit.
 */
export async function publishMessageUpdated(
  publisher: Publisher,
  updated: UpdatedMessage,
  also: readonly PublishedEvent[] = [],
): Promise<void> {
  const ids: MessageSentEvent = { room_id: updated.roomId, message_id: updated.messageId };
  const events: PublishedEvent[] = [
    { channel: roomChannel(updated.roomId), event: MESSAGE_UPDATED_EVENT, data: roomUpdatedEvent(updated) },
    ...(updated.direct ? [] : [{ channel: CHAT_CHANNEL, event: MESSAGE_UPDATED_EVENT, data: ids }]),
    ...also,
  ];
  for (let at = 0; at < events.length; at += MAX_BATCH_EVENTS) {
    await publisher.publishBatch(events.slice(at, at + MAX_BATCH_EVENTS));
  }
}
