import {
  CHAT_CHANNEL as CLIENT_CHANNEL,
  roomChannel as clientRoomChannel,
  userChannel as clientUserChannel,
} from '@chat/shared/constants';
import { MAX_ID } from '../db/schema';

/**
 * Every channel's name as the server sees it (Echo adds the `private-` or `presence-` prefix on the client),
 * and the reverse: the room or user a name stands for. Authorisation, grants and publishing all read these.
 */

/** `Echo.private('chatroom')` subscribes to this name. */
export const CHAT_CHANNEL = `private-${CLIENT_CHANNEL}`;

/** `Echo.private(roomChannel(id))` subscribes to this name; only members of the room are signed for it. */
export function roomChannel(roomId: number): string {
  return `private-${clientRoomChannel(roomId)}`;
}

/**
 * `Echo.join(roomChannel(id))` subscribes to this name: who has the room open now, and the channel its
 * members whisper on (typing). Members only, like the room's private channel.
 */
export function presenceChannel(roomId: number): string {
  return `presence-${clientRoomChannel(roomId)}`;
}

/**
 * `Echo.private('App.Models.User.' + id)` subscribes to this name: the user's own channel, as Laravel names it
 * for notifications. Only that user is signed for it (routes/broadcasting).
 */
export function userChannel(userId: number): string {
  return `private-${clientUserChannel(userId)}`;
}

const ROOM_CHANNEL = /^private-chatroom\.([1-9][0-9]{0,9})$/;
const PRESENCE_CHANNEL = /^presence-chatroom\.([1-9][0-9]{0,9})$/;
const USER_CHANNEL = /^private-App\.Models\.User\.([1-9][0-9]{0,9})$/;

/** The id a channel name of this pattern carries, or null for any other name or an id past the column's. */
function idIn(pattern: RegExp, channel: string): number | null {
  const id = Number(pattern.exec(channel)?.[1] ?? Number.NaN);
  return Number.isInteger(id) && id <= MAX_ID ? id : null;
}

/** The room a room channel's name stands for, or null for any other name. */
export function roomOfChannel(channel: string): number | null {
  return idIn(ROOM_CHANNEL, channel);
}

/** The room a presence channel's name stands for, or null for any other name. */
export function roomOfPresenceChannel(channel: string): number | null {
  return idIn(PRESENCE_CHANNEL, channel);
}

/** The user a user channel's name stands for, or null for any other name. */
export function userOfChannel(channel: string): number | null {
  return idIn(USER_CHANNEL, channel);
}
