import {
  ROOM_CREATED_EVENT as CLIENT_CREATED,
  ROOM_UPDATED_EVENT as CLIENT_UPDATED,
} from '@chat/shared/constants';
import type { RoomChangedEvent, RoomSummary } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel, userChannel } from './channels';
import { MAX_BATCH_EVENTS, type Publisher } from './publisher';

/** What `listen('RoomCreated')` / `listen('RoomUpdated')` bind to under Echo's `App.Events` namespace. */
export const ROOM_CREATED_EVENT = `App\\Events\\${CLIENT_CREATED}`;
export const ROOM_UPDATED_EVENT = `App\\Events\\${CLIENT_UPDATED}`;

/**
 * Room lists stay current without polling: every signed-in user hears these on `private-chatroom`, so they
 * carry the room as everyone sees it, never one viewer's `is_member` or `unread_count`. A private room is
 * nobody's business but its members': its events go to each member's own channel instead (`memberIds`, read
 * after the change), never on `private-chatroom`. RoomUpdated also goes on the room's own channel. Call after the
 * commit.
 */
export async function publishRoomChanged(
  publisher: Publisher,
  change: 'created' | 'updated',
  room: RoomSummary,
  memberIds: readonly number[] = [],
): Promise<void> {
  const event: RoomChangedEvent = { room: summaryOf(room) };
  const name = change === 'created' ? ROOM_CREATED_EVENT : ROOM_UPDATED_EVENT;
  const lists = room.private
    ? memberIds.map((id) => ({ channel: userChannel(id), event: name, data: event }))
    : [{ channel: CHAT_CHANNEL, event: name, data: event }];
  // A change also reaches the room's own channel (members only), where an open chat room hears its new name
  // without depending on a room list being on screen.
  const events =
    change === 'updated' ? [...lists, { channel: roomChannel(room.id), event: name, data: event }] : lists;
  for (let at = 0; at < events.length; at += MAX_BATCH_EVENTS) {
    await publisher.publishBatch(events.slice(at, at + MAX_BATCH_EVENTS));
  }
}

/** Only the summary's fields, whatever richer resource (a viewer's Room) was passed in. */
function summaryOf({
  id,
  name,
  description,
  max_members,
  members_count,
  created_at,
  archived_at,
  private: isPrivate,
  owner,
}: RoomSummary): RoomSummary {
  return {
    id,
    name,
    description,
    max_members,
    members_count,
    created_at,
    archived_at: archived_at ?? null,
    private: isPrivate ?? false,
    owner: owner ?? null,
  };
}
