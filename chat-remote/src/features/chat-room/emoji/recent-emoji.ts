import { LOCAL_STORAGE_PREFIX } from '@chat/shared/constants';

/** How many emoji the picker keeps under 'Recently used'. */
export const RECENT_EMOJI_MAX = 24;

/** One list per user in this browser (cleared at sign-out with everything under the prefix). */
export const recentEmojiKey = (userId: number) => `${LOCAL_STORAGE_PREFIX}emoji.recent.${userId}`;

/** The list once `emoji` is used: it comes first, once, and the oldest fall off past the maximum. */
export function withRecentEmoji(recent: readonly string[], emoji: string): string[] {
  return [emoji, ...recent.filter((held) => held !== emoji)].slice(0, RECENT_EMOJI_MAX);
}

export function readRecentEmoji(key: string): string[] {
  try {
    const held: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(held) ? held.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // Storage refused or the value was not ours: no recent emoji, nothing worse.
    return [];
  }
}

export function rememberEmoji(key: string, emoji: string): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(withRecentEmoji(readRecentEmoji(key), emoji)));
  } catch {
    // As in readRecentEmoji: the list lives as long as the page.
  }
}
