import { describe, expect, it } from '@rstest/core';
import { normaliseEmoji } from './normalise-emoji';

describe('normaliseEmoji', () => {
  it.each([
    ['🎉', '🎉'],
    ['👍🏽', '👍🏽'],
    ['🇫🇷', '🇫🇷'],
    ['❤️‍🔥', '❤️‍🔥'],
    ['❤', '❤️'],
    ['☔', '☔'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normaliseEmoji(input)).toBe(stored);
  });

  it.each(['', 'a', ':tada:', '🎉🎉', '🇦', '1'])('refuses %j', (input) => {
    expect(normaliseEmoji(input)).toBeNull();
  });
});
