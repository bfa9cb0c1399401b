import type { PresenceMember } from './presence';

/** The whisper's name (Echo sends `client-typing`). */
export const TYPING_EVENT = 'typing';
/**
 * How long a typist is shown after their last whisper, unless they stop or send first. A typist whispers at
 * most every TYPING_THROTTLE_MS while keys are pressed, so this covers a whisper a little late, and the
 * indicator goes at most this long after the last key: within the 3 s promised.
 */
export const TYPING_TIMEOUT_MS = 2_500;
/** One whisper a second per typist at most: the server allows ten per socket. */
export const TYPING_THROTTLE_MS = 1_000;

/** What a typing whisper carries: whether they type, and (for servers that do not say who sent it) who. */
export interface TypingWhisper {
  typing: boolean;
  id: number;
  username: string;
}

export interface Typist {
  id: number;
  username: string;
  /** When they stop counting as typing, in ms since the epoch. */
  until: number;
}

/**
 * Reads a whisper. The sender the server names (pusher-js passes the frame's `user_id` on a presence
 * channel) wins over the id the payload claims, so a member cannot type in someone else's name there.
 */
export function readWhisper(data: unknown, senderId?: unknown): TypingWhisper | null {
  if (typeof data !== 'object' || data === null) return null;
  const { typing, id, username } = data as Record<string, unknown>;
  const who = idOf(senderId ?? id);
  if (typeof typing !== 'boolean' || who === null) return null;
  return { typing, id: who, username: typeof username === 'string' ? username : '' };
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** They typed: shown (or kept) until `now + timeout`, in the order they started. */
export function typingStarted(
  typists: readonly Typist[],
  who: { id: number; username: string },
  now: number,
  timeout = TYPING_TIMEOUT_MS,
): Typist[] {
  const until = now + timeout;
  if (!typists.some((typist) => typist.id === who.id)) return [...typists, { ...who, until }];
  return typists.map((typist) => (typist.id === who.id ? { ...typist, until } : typist));
}

/** They sent, emptied the box or left. */
export function typingStopped(typists: readonly Typist[], id: number): Typist[] {
  return typists.filter((typist) => typist.id !== id);
}

export function stillTyping(typists: readonly Typist[], now: number): Typist[] {
  return typists.filter((typist) => typist.until > now);
}

/** When the next typist times out, or null when nobody is typing. */
export function nextExpiry(typists: readonly Typist[]): number | null {
  return typists.length ? Math.min(...typists.map((typist) => typist.until)) : null;
}

/**
 * The names to show: typists who still have the room open, by the name the presence channel gives them.
 * Until the member list is in (or on a server without presence) the whisper's own name is taken.
 */
export function typingNames(
  typists: readonly Typist[],
  members: readonly PresenceMember[] | null,
  ownId: number | null,
): string[] {
  const names: string[] = [];
  for (const typist of typists) {
    if (typist.id === ownId) continue;
    const username = members ? members.find((member) => member.id === typist.id)?.username : typist.username;
    if (username) names.push(username);
  }
  return names;
}

/** What the indicator says. */
export function typingText(names: readonly string[]): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return `${first} is typing…`;
  if (names.length === 2) return `${first} and ${second} are typing…`;
  return `${first}, ${second} and ${names.length - 2} more are typing…`;
}

/**
 * The sending side: `typed` on each change of a non-empty draft whispers at most once per `throttleMs`;
 * `stopped` (sent, or the box emptied) whispers once, and only if a typing whisper went out since.
 */
export function createTypingSignal(
  send: (typing: boolean) => void,
  { throttleMs = TYPING_THROTTLE_MS, now = Date.now }: { throttleMs?: number; now?: () => number } = {},
) {
  let lastSent: number | null = null;
  return {
    typed() {
      const at = now();
      if (lastSent !== null && at - lastSent < throttleMs) return;
      lastSent = at;
      send(true);
    },
    stopped() {
      if (lastSent === null) return;
      lastSent = null;
      send(false);
    },
  };
}
