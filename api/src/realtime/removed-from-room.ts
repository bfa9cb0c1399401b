import { REMOVED_FROM_ROOM_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { RemovedFromRoomEvent } from '@chat/shared/schemas';
import { userChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('RemovedFromRoom')` binds to under Echo's default `App.Events` namespace. */
export const REMOVED_FROM_ROOM_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After an owner removed a member: on the removed user's own channel only, so each of their tabs closes the
 * room ('You were removed from {room_name}.') and drops it from its lists. Call after the commit.
 */
export function publishRemovedFromRoom(
  publisher: Publisher,
  userId: number,
  event: RemovedFromRoomEvent,
): Promise<void> {
  return publisher.publish(userChannel(userId), REMOVED_FROM_ROOM_EVENT, event);
}
