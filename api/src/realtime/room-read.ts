import { ROOM_READ_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { RoomReadEvent } from '@chat/shared/schemas';
import { userChannel } from './channels';
import type { Publisher } from './publisher';

/** What `listen('RoomRead')` binds to under Echo's default `App.Events` namespace. */
export const ROOM_READ_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After a member's read position moved: on that user's own channel only (a read position is nobody else's
 * business), so their other tabs and devices drop the unread count they show. Call only after the commit.
 */
export function publishRoomRead(publisher: Publisher, userId: number, event: RoomReadEvent): Promise<void> {
  return publisher.publish(userChannel(userId), ROOM_READ_EVENT, event);
}
