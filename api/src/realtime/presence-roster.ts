/** A presence channel member as its signed `channel_data` names it. */
export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

/** `pusher_internal:subscription_succeeded` data on a presence channel. */
export interface PresenceSnapshot {
  presence: { ids: (string | number)[]; hash: Record<string, unknown>; count: number };
}

interface Present {
  member: PresenceMember;
  sockets: Set<string>;
}

/** The member `channel_data` names, or null when it names none (Pusher requires a `user_id`). */
export function parseMember(channelData: string): PresenceMember | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { user_id: userId, user_info: userInfo } = parsed as Record<string, unknown>;
  const validId = (typeof userId === 'string' && userId !== '') || Number.isSafeInteger(userId);
  return validId ? { user_id: userId as string | number, user_info: userInfo } : null;
}

/**
 * Who is on each presence channel, counted by user, not by socket, as Pusher counts: a user with two tabs
 * open is one member, added when their first socket subscribes and removed when their last one leaves.
 */
export class PresenceRoster {
  /** channel → its members by user id (as a string), and which member each subscribed socket is */
  readonly #channels = new Map<string, { users: Map<string, Present>; sockets: Map<string, string> }>();

  /**
   * Answers whether the user is new to the channel, so that the others are told (`member_added`). The socket
   * must not be on the channel already (the server takes it off first).
   */
  join(channel: string, socketId: string, member: PresenceMember): boolean {
    const roster = this.#channels.get(channel) ?? { users: new Map(), sockets: new Map() };
    this.#channels.set(channel, roster);
    const key = String(member.user_id);
    roster.sockets.set(socketId, key);
    const present = roster.users.get(key);
    if (present) {
      present.sockets.add(socketId);
      return false;
    }
    roster.users.set(key, { member, sockets: new Set([socketId]) });
    return true;
  }

  /** Answers the member whose last socket this was (the others are told: `member_removed`), else null. */
  leave(channel: string, socketId: string): PresenceMember | null {
    const roster = this.#channels.get(channel);
    const key = roster?.sockets.get(socketId);
    if (!roster || key === undefined) return null;
    roster.sockets.delete(socketId);
    const present = roster.users.get(key) as Present;
    present.sockets.delete(socketId);
    if (present.sockets.size > 0) return null;
    roster.users.delete(key);
    if (roster.users.size === 0) this.#channels.delete(channel);
    return present.member;
  }

  /** The member a socket is subscribed to the channel as, if it is a presence channel. */
  memberOf(channel: string, socketId: string): PresenceMember | undefined {
    const roster = this.#channels.get(channel);
    const key = roster?.sockets.get(socketId);
    return key === undefined ? undefined : roster?.users.get(key)?.member;
  }

  snapshot(channel: string): PresenceSnapshot {
    const members = [...(this.#channels.get(channel)?.users.values() ?? [])].map((present) => present.member);
    return {
      presence: {
        ids: members.map((member) => member.user_id),
        hash: Object.fromEntries(members.map((member) => [String(member.user_id), member.user_info ?? null])),
        count: members.length,
      },
    };
  }
}
