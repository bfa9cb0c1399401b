import type { Reaction } from '@chat/shared';

/**
 * A message's reactions with this user's `emoji` added or taken back, as the API will count them: a new emoji
 * goes last (order of first use), one whose count falls to zero goes. Adding twice, or taking back what is not
 * there, changes nothing (the API's calls are idempotent too).
 */
export function toggledReactions(reactions: readonly Reaction[], emoji: string, add: boolean): Reaction[] {
  const existing = reactions.find((reaction) => reaction.emoji === emoji);
  if (add) {
    if (existing?.me) return [...reactions];
    if (!existing) return [...reactions, { emoji, count: 1, me: true }];
    return reactions.map((r) => (r.emoji === emoji ? { ...r, count: r.count + 1, me: true } : r));
  }
  if (!existing?.me) return [...reactions];
  if (existing.count <= 1) return reactions.filter((r) => r.emoji !== emoji);
  return reactions.map((r) => (r.emoji === emoji ? { ...r, count: r.count - 1, me: false } : r));
}
