import { MESSAGE_SENT_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { Message, RoomMessageSentEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel, userChannel } from './channels';
import { MAX_BATCH_EVENTS, type PublishedEvent, type Publisher } from './publisher';

/** What `listen('MessageSent')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_SENT_EVENT = `App\\Events\\${CLIENT_EVENT}`;
/** Pusher's limit on one event's data; Reverb's default is the same. */
export const MAX_EVENT_BYTES = 10 * 1024;

export interface SentMessage {
  roomId: number;
  messageId: number;
  previousId: number | null;
  /**
   * The resource as the API serialises it; null to send ids only (the seeding endpoint has none at hand, and a
   * private room's or direct message's image has no link for all members, see http/message-resource).
   */
  message: Message | null;
  /** A direct message's members (its author included); absent or null for a room. */
  directMemberIds?: readonly number[] | null;
}

/** The room channel's payload: the message itself unless it would exceed the event size limit. */
export function roomEvent(sent: SentMessage): RoomMessageSentEvent {
  const event = {
    room_id: sent.roomId,
    message_id: sent.messageId,
    previous_id: sent.previousId,
    message: sent.message,
  };
  return Buffer.byteLength(JSON.stringify(event)) <= MAX_EVENT_BYTES ? event : { ...event, message: null };
}

/**
 * Two events per committed message, handed over as one batch (one request to an external server). The spec's
 * `private-chatroom`, which every signed-in user may join, gets ids only, unchanged for clients and backends
 * that rely on it. The room's own channel, members only, gets the message with its predecessor's id, so a
 * reader applies it without a read. `also` (the mention notifications) go in the same batch, as many as fit,
 * the rest in batches after it. Call only after the commit.
 *
 * A direct message puts nothing on `private-chatroom` (every signed-in user hears that channel). Its ids go
 * instead to each member's own channel, so their room lists update their counts and learn of a conversation
 * they had not seen; its room channel is as a room's.
 */
export async function publishMessageSent(
  publisher: Publisher,
  sent: SentMessage,
  also: readonly PublishedEvent[] = [],
): Promise<void> {
  const ids = { room_id: sent.roomId, message_id: sent.messageId };
  const listChannels = sent.directMemberIds ? sent.directMemberIds.map(userChannel) : [CHAT_CHANNEL];
  const events: PublishedEvent[] = [
    ...listChannels.map((channel) => ({ channel, event: MESSAGE_SENT_EVENT, data: ids })),
    { channel: roomChannel(sent.roomId), event: MESSAGE_SENT_EVENT, data: roomEvent(sent) },
    ...also,
  ];
  for (let at = 0; at < events.length; at += MAX_BATCH_EVENTS) {
    await publisher.publishBatch(events.slice(at, at + MAX_BATCH_EVENTS));
  }
}
