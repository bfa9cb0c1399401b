import { CHAT_CHANNEL as CLIENT_CHANNEL, MESSAGE_SENT_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { MessageSentEvent } from '@chat/shared/schemas';
import type { Publisher } from './publisher';

/** `Echo.private('chatroom')` subscribes to this name. */
export const CHAT_CHANNEL = `private-${CLIENT_CHANNEL}`;
/** What `listen('MessageSent')` binds to under Echo's default `App.Events` namespace. */
export const MESSAGE_SENT_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/** Ids only: every signed-in user may listen on this channel, so content must be fetched through the API. */
export function publishMessageSent(publisher: Publisher, event: MessageSentEvent): Promise<void> {
  return publisher.publish(CHAT_CHANNEL, MESSAGE_SENT_EVENT, {
    room_id: event.room_id,
    message_id: event.message_id,
  });
}
