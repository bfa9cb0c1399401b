import type { User } from '@chat/shared/schemas';
import { presenceChannel, roomChannel, roomOfChannel, roomOfPresenceChannel } from './channels';

/** Either of a room's own channels: its members' only, so a grant is recorded and revoked on leaving. */
export function isRoomChannel(channel: string): boolean {
  return roomOfChannel(channel) !== null || roomOfPresenceChannel(channel) !== null;
}

/** A room's channels whose grants end together: leaving the room ends both. */
export function linkedRoomChannels(channel: string): string[] {
  const roomId = roomOfChannel(channel);
  if (roomId !== null) return [presenceChannel(roomId)];
  const presenceRoom = roomOfPresenceChannel(channel);
  return presenceRoom === null ? [] : [roomChannel(presenceRoom)];
}

/**
 * The member a presence channel admits, signed with the subscription (Laravel's presence authorisation
 * returns the same shape): what every other member sees, so nothing beyond the id and the name.
 */
export function presenceChannelData(user: Pick<User, 'id' | 'username'>): string {
  return JSON.stringify({ user_id: user.id, user_info: { id: user.id, username: user.username } });
}
