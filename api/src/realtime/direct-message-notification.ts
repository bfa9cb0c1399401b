import { randomUUID } from 'node:crypto';
import { DIRECT_MESSAGE_NOTIFICATION_TYPE } from '@chat/shared/constants';
import type { DirectMessageNotification, RoomMember } from '@chat/shared/schemas';
import type { MessageForMember } from '../http/message-resource';
import { directRoomName } from '../repositories/direct-messages/direct-room-name';
import { userChannel } from './channels';
import { fitNotification, NOTIFICATION_EVENT } from './mention-notification';
import type { PublishedEvent } from './publisher';

/**
 * A direct message's notifications: one on the own channel of each member but its author, named as that
 * member sees the conversation (the others' names). In a direct message every message is addressed to its
 * reader, so this takes the mention notification's place: a message there notifies once, under this type,
 * and a client that shows only mentions shows nothing of it. Each carries the message as handed to that
 * member: its image's link is signed for them.
 */
export function directMessageEvents(
  members: readonly RoomMember[],
  messageFor: MessageForMember,
): PublishedEvent[] {
  return members.flatMap((member) => {
    const message = messageFor(member.id);
    if (member.id === message.user.id) return [];
    return [
      {
        channel: userChannel(member.id),
        event: NOTIFICATION_EVENT,
        data: fitNotification<DirectMessageNotification>({
          id: randomUUID(),
          type: DIRECT_MESSAGE_NOTIFICATION_TYPE as DirectMessageNotification['type'],
          room_id: message.room_id,
          room_name: directRoomName(members, member.id),
          message,
        }),
      },
    ];
  });
}
