import {
  ROOM_CREATED_EVENT as CLIENT_CREATED,
  ROOM_UPDATED_EVENT as CLIENT_UPDATED,
} from '@chat/shared/constants';
import type { RoomChangedEvent, RoomSummary } from '@chat/shared/schemas';
import { CHAT_CHANNEL } from './channels';
import type { Publisher } from './publisher';

/** What `listen('RoomCreated')` / `listen('RoomUpdated')` bind to under Echo's `App.Events` namespace. */
export const ROOM_CREATED_EVENT = `App\\Events\\${CLIENT_CREATED}`;
export const ROOM_UPDATED_EVENT = `App\\Events\\${CLIENT_UPDATED}`;

/**
 * Room lists stay current without polling: every signed-in user hears these on `private-chatroom`, so they
 * carry the room as everyone sees it, never one viewer's `is_member` or `unread_count`. Call after the commit.
 */
export function publishRoomChanged(
  publisher: Publisher,
  change: 'created' | 'updated',
  room: RoomSummary,
): Promise<void> {
  const event: RoomChangedEvent = { room: summaryOf(room) };
  return publisher.publish(
    CHAT_CHANNEL,
    change === 'created' ? ROOM_CREATED_EVENT : ROOM_UPDATED_EVENT,
    event,
  );
}

/** Only the summary's fields, whatever richer resource (a viewer's Room) was passed in. */
function summaryOf({
  id,
  name,
  description,
  max_members,
  members_count,
  created_at,
}: RoomSummary): RoomSummary {
  return { id, name, description, max_members, members_count, created_at };
}
