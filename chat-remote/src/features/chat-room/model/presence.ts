/** Someone who has the room open, as the presence channel's `user_info` names them. */
export interface PresenceMember {
  id: number;
  username: string;
}

/** The member a presence event names, or null for anything else (another backend's shape, a bad frame). */
export function memberOf(info: unknown): PresenceMember | null {
  if (typeof info !== 'object' || info === null) return null;
  const { id, username } = info as Record<string, unknown>;
  return Number.isSafeInteger(id) && typeof username === 'string' && username !== ''
    ? { id: id as number, username }
    : null;
}

const byName = (a: PresenceMember, b: PresenceMember) =>
  a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** Everyone `here` named, once each, by name. */
export function membersOf(infos: unknown): PresenceMember[] {
  const members = new Map<number, PresenceMember>();
  for (const info of Array.isArray(infos) ? infos : []) {
    const member = memberOf(info);
    if (member) members.set(member.id, member);
  }
  return [...members.values()].sort(byName);
}

export function withMember(members: readonly PresenceMember[], member: PresenceMember): PresenceMember[] {
  return [...members.filter((present) => present.id !== member.id), member].sort(byName);
}

export function withoutMember(members: readonly PresenceMember[], id: number): PresenceMember[] {
  return members.filter((present) => present.id !== id);
}
