import { ROOM_INVITED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { RoomInvitedEvent } from '@chat/shared/schemas';
import { userChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('RoomInvited')` binds to under Echo's default `App.Events` namespace. */
export const ROOM_INVITED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After an owner invited someone: on the invited person's own channel only, with the room as they now see it,
 * so their room list and 'Your rooms' take it in (a private room they could not see until now). Call after
 * the commit.
 */
export function publishRoomInvited(
  publisher: Publisher,
  userId: number,
  event: RoomInvitedEvent,
): Promise<void> {
  return publisher.publish(userChannel(userId), ROOM_INVITED_EVENT, event);
}
