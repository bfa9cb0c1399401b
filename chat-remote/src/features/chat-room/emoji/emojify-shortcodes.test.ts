import { describe, expect, it } from '@rstest/core';
import { emojifyShortcodes } from './emojify-shortcodes';

describe('emojifyShortcodes', () => {
  it.each([
    [':tada:', '🎉'],
    ['Well done :tada: all', 'Well done 🎉 all'],
    [':tada::tada:', '🎉🎉'],
    [':+1: and :thumbsup:', '👍 and 👍'],
    [':heart:', '❤️'],
    [':umbrella:', '☔'],
    [':nope:', ':nope:'],
    [':nope::tada:', ':nope:🎉'],
    [':nope:tada:', ':nope:tada:'],
    ['`:tada:` stays', '`:tada:` stays'],
    ['```\n:tada:\n```\n:tada:', '```\n:tada:\n```\n🎉'],
    ['    :tada: indented code', '    :tada: indented code'],
    ['see https://example.com:8080/a:tada:b', 'see https://example.com:8080/a:tada:b'],
    ['<https://example.com/:tada:>', '<https://example.com/:tada:>'],
    ['[party :tada:](https://example.com/:tada:)', '[party 🎉](https://example.com/:tada:)'],
    ['at 10:100:20', 'at 10:100:20'],
    ['word:tada:word', 'word:tada:word'],
    ['no colons at all', 'no colons at all'],
  ])('%j is sent as %j', async (typed, sent) => {
    expect(await emojifyShortcodes(typed)).toBe(sent);
  });
});
