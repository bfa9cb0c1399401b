import { searchableText } from '@chat/shared/searchable-text';
import { describe, expect, it } from '@rstest/core';
import { readableSegments } from './readable-segments';

/** The raw text's offsets of `word`, as the API's highlights are. */
const at = (content: string, word: string) => {
  const start = content.indexOf(word);
  return { start, end: start + word.length };
};

describe('readableSegments', () => {
  it('gives a plain text back whole, split at its highlights', () => {
    const content = 'deploy the release today';
    expect(readableSegments(searchableText(content), [at(content, 'release')])).toEqual([
      { text: 'deploy the ', marked: false },
      { text: 'release', marked: true },
      { text: ' today', marked: false },
    ]);
  });

  it('shows the words of formatted text without its markup, the highlight on the word', () => {
    const content = 'ship **the release** and see [the notes](https://example.com/notes) `now`';
    expect(readableSegments(searchableText(content), [at(content, 'release')])).toEqual([
      { text: 'ship the ', marked: false },
      { text: 'release', marked: true },
      { text: ' and see the notes now', marked: false },
    ]);
  });

  it("keeps lines, closing up a quote's and a fence's markers, and no empty line at either end", () => {
    const content = '> quoted words\n\n```ts\nconst x = 1;\n```\n\n- an item';
    const [only] = readableSegments(searchableText(content), []);
    expect(only).toEqual({ text: 'quoted words\n\nconst x = 1;\n\nan item', marked: false });
  });

  it('drops a highlight that falls only on markup, and merges what it split', () => {
    const content = 'a **b** c';
    expect(readableSegments(searchableText(content), [{ start: 2, end: 4 }])).toEqual([
      { text: 'a b c', marked: false },
    ]);
  });
});
