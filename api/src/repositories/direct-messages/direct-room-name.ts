import type { RoomMember } from '@chat/shared/schemas';

/**
 * Usernames in the order people read a list of them: case-insensitively, then as written (two names that
 * differ in case only cannot both exist, the unique index is on lower(username), but the order stays total).
 */
export function byUsername(a: RoomMember, b: RoomMember): number {
  const left = a.username.toLowerCase();
  const right = b.username.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
}

/**
 * A direct message has no name of its own: each member sees it named after the others, sorted as
 * `byUsername` sorts and joined with ", " ("alice, bob"), so a list of conversations reads as a list of people.
 */
export function directRoomName(members: readonly RoomMember[], viewerId: number): string {
  return members
    .filter((member) => member.id !== viewerId)
    .sort(byUsername)
    .map((member) => member.username)
    .join(', ');
}
