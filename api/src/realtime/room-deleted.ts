import { ROOM_DELETED_EVENT as CLIENT_EVENT } from '@chat/shared/constants';
import type { RoomDeletedEvent } from '@chat/shared/schemas';
import { CHAT_CHANNEL, roomChannel, userChannel } from './channels';
import { MAX_BATCH_EVENTS, type Publisher } from './publisher';

/** What `listen('RoomDeleted')` binds to under Echo's default `App.Events` namespace. */
export const ROOM_DELETED_EVENT = `App\\Events\\${CLIENT_EVENT}`;

/**
 * After a room was deleted: on `private-chatroom` for a public room (every list drops it), on each former
 * member's own channel for a private one (nobody else knew of it), and on the room's own channel, where an
 * open room closes. Call after the commit, before the members' subscriptions are revoked.
 */
export async function publishRoomDeleted(
  publisher: Publisher,
  event: RoomDeletedEvent,
  room: { private: boolean; memberIds: readonly number[] },
): Promise<void> {
  const lists = room.private
    ? room.memberIds.map((id) => ({ channel: userChannel(id), event: ROOM_DELETED_EVENT, data: event }))
    : [{ channel: CHAT_CHANNEL, event: ROOM_DELETED_EVENT, data: event }];
  const events = [...lists, { channel: roomChannel(event.room_id), event: ROOM_DELETED_EVENT, data: event }];
  for (let at = 0; at < events.length; at += MAX_BATCH_EVENTS) {
    await publisher.publishBatch(events.slice(at, at + MAX_BATCH_EVENTS));
  }
}
