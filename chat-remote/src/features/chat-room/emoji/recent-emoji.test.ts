import { afterEach, describe, expect, it } from '@rstest/core';
import {
  RECENT_EMOJI_MAX,
  readRecentEmoji,
  recentEmojiKey,
  rememberEmoji,
  withRecentEmoji,
} from './recent-emoji';

describe('recent emoji', () => {
  afterEach(() => window.localStorage.clear());

  it('puts the last used first, once', () => {
    expect(withRecentEmoji(['😀', '🎉', '👍'], '🎉')).toEqual(['🎉', '😀', '👍']);
    expect(withRecentEmoji([], '🎉')).toEqual(['🎉']);
  });

  it('keeps at most the maximum, dropping the oldest', () => {
    const full = Array.from({ length: RECENT_EMOJI_MAX }, (_, index) => String(index));
    const next = withRecentEmoji(full, '🎉');
    expect(next).toHaveLength(RECENT_EMOJI_MAX);
    expect(next[0]).toBe('🎉');
    expect(next).not.toContain(String(RECENT_EMOJI_MAX - 1));
  });

  it('is kept per user in this browser', () => {
    rememberEmoji(recentEmojiKey(1), '🎉');
    rememberEmoji(recentEmojiKey(1), '👍');
    rememberEmoji(recentEmojiKey(2), '😢');
    expect(readRecentEmoji(recentEmojiKey(1))).toEqual(['👍', '🎉']);
    expect(readRecentEmoji(recentEmojiKey(2))).toEqual(['😢']);
  });

  it('reads anything else stored there as no recent emoji', () => {
    window.localStorage.setItem(recentEmojiKey(1), '{not json');
    expect(readRecentEmoji(recentEmojiKey(1))).toEqual([]);
    window.localStorage.setItem(recentEmojiKey(1), '{"a":1}');
    expect(readRecentEmoji(recentEmojiKey(1))).toEqual([]);
  });
});
