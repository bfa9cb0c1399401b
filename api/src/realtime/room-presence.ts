import { roomChannel as clientRoomChannel } from '@chat/shared/constants';
import type { User } from '@chat/shared/schemas';
import { MAX_ID } from '../db/schema';
import { roomChannel as privateRoomChannel, roomOfChannel } from './message-sent';

/**
 * `Echo.join(roomChannel(id))` subscribes to this name: who has the room open now, and the channel its
 * members whisper on (typing). Members only, like the room's private channel.
 */
export function presenceChannel(roomId: number): string {
  return `presence-${clientRoomChannel(roomId)}`;
}

const PRESENCE_CHANNEL = /^presence-chatroom\.([1-9][0-9]{0,9})$/;

/** The room a presence channel's name stands for, or null for any other name. */
export function roomOfPresenceChannel(channel: string): number | null {
  const id = Number(PRESENCE_CHANNEL.exec(channel)?.[1] ?? Number.NaN);
  return Number.isInteger(id) && id <= MAX_ID ? id : null;
}

/** Either of a room's own channels: its members' only, so a grant is recorded and revoked on leaving. */
export function isRoomChannel(channel: string): boolean {
  return roomOfChannel(channel) !== null || roomOfPresenceChannel(channel) !== null;
}

/** A room's channels whose grants end together: leaving the room ends both. */
export function linkedRoomChannels(channel: string): string[] {
  const roomId = roomOfChannel(channel);
  if (roomId !== null) return [presenceChannel(roomId)];
  const presenceRoom = roomOfPresenceChannel(channel);
  return presenceRoom === null ? [] : [privateRoomChannel(presenceRoom)];
}

/**
 * The member a presence channel admits, signed with the subscription (Laravel's presence authorisation
 * returns the same shape): what every other member sees, so nothing beyond the id and the name.
 */
export function presenceChannelData(user: Pick<User, 'id' | 'username'>): string {
  return JSON.stringify({ user_id: user.id, user_info: { id: user.id, username: user.username } });
}
