import { randomUUID } from 'node:crypto';
import { BROADCAST_NOTIFICATION_EVENT, MENTION_NOTIFICATION_TYPE } from '@chat/shared/constants';
import type { MentionNotification, Message } from '@chat/shared/schemas';
import type { MessageForMember } from '../http/message-resource';
import { userChannel } from './channels';
import { MAX_EVENT_BYTES } from './message-sent';
import type { PublishedEvent } from './publisher';

/**
 * The event name as Laravel broadcasts a notification: no `App\Events` namespace, which is why Echo's
 * `.notification(callback)` listens for `.Illuminate\Notifications\Events\BroadcastNotificationCreated` (the
 * leading dot says "as it is").
 */
export const NOTIFICATION_EVENT = BROADCAST_NOTIFICATION_EVENT;

/**
 * A mention's notification for one user: Laravel's `id` (a new UUID per notification) and `type`, then the
 * room and the message, cut to fit (`fitNotification`).
 */
export function mentionNotification(roomId: number, roomName: string, message: Message): MentionNotification {
  return fitNotification({
    id: randomUUID(),
    type: MENTION_NOTIFICATION_TYPE as MentionNotification['type'],
    room_id: roomId,
    room_name: roomName,
    message,
  });
}

/**
 * Past the event size limit the message's `content` is cut (at a character boundary) until the notification
 * fits: the notice names the author, the room and the text's beginning; the room has the rest.
 */
export function fitNotification<N extends { message: Message }>(notification: N): N {
  const size = Buffer.byteLength(JSON.stringify(notification));
  if (size <= MAX_EVENT_BYTES) return notification;
  const { message } = notification;
  const chars = Array.from(message.content);
  const cut = (keep: number): N => ({
    ...notification,
    message: { ...message, content: chars.slice(0, keep).join('') },
  });
  // The longest beginning that fits (none at all when even an empty text would not).
  let fits = 0;
  let tooLong = chars.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (Buffer.byteLength(JSON.stringify(cut(middle))) <= MAX_EVENT_BYTES) fits = middle;
    else tooLong = middle;
  }
  return cut(fits);
}

/**
 * The notification events for a message's mentioned members, its author excepted: each on the member's own
 * channel, so each carries the message as handed to that member (a private room's image linked for them).
 */
export function mentionEvents(
  roomName: string,
  messageFor: MessageForMember,
  userIds: readonly number[],
): PublishedEvent[] {
  return userIds.flatMap((id) => {
    const message = messageFor(id);
    if (id === message.user.id) return [];
    return [
      {
        channel: userChannel(id),
        event: NOTIFICATION_EVENT,
        data: mentionNotification(message.room_id, roomName, message),
      },
    ];
  });
}
