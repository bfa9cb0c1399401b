import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { publishRoomChanged } from '../realtime/room-list-events';
import { findRoomSummary, memberIds } from '../repositories/rooms';

export interface AnnounceDeps {
  db: Db;
  publisher: Publisher;
  log: FastifyBaseLogger;
}

/**
 * Room lists learn of a room's change live (RoomCreated/RoomUpdated): a public room's on `private-chatroom`,
 * a private room's on its members' own channels as they are after the change. Read after the commit; a failed
 * publish is logged and the change stands (lists catch up at their next read).
 */
export async function announceRoom(deps: AnnounceDeps, change: 'created' | 'updated', roomId: number) {
  try {
    const room = await findRoomSummary(deps.db, roomId);
    if (!room) return;
    const members = room.private ? await memberIds(deps.db, roomId) : [];
    await publishRoomChanged(deps.publisher, change, room, members);
  } catch (error) {
    deps.log.warn({ err: error, roomId }, `Room ${change} broadcast failed`);
  }
}
