import { describe, expect, it } from '@rstest/core';
import { highlighted } from './highlight';
import { insertMention, matchingNames, mentionQuery, mentionSegments } from './mentions';

describe('mentions', () => {
  it('marks each @username of the mentioned members, standing alone, whatever its case', () => {
    expect(mentionSegments('hi @bob and @Alice, not me@bob or @bobby', ['bob', 'alice'])).toEqual([
      { text: 'hi ', mention: false },
      { text: '@bob', mention: true },
      { text: ' and ', mention: false },
      { text: '@Alice', mention: true },
      { text: ', not me@bob or @bobby', mention: false },
    ]);
    expect(mentionSegments('@bob', [])).toEqual([{ text: '@bob', mention: false }]);
  });

  it('finds the @word before the caret, and replaces it with @username and a space', () => {
    expect(mentionQuery('hello @al', 9)).toEqual({ start: 6, query: 'al' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail me@al', 10)).toBeNull();
    expect(mentionQuery('hello @al there', 15)).toBeNull();
    expect(insertMention('hello @al', 6, 9, 'alice')).toEqual({ text: 'hello @alice ', caret: 13 });
    expect(insertMention('@b see you', 0, 2, 'bob')).toEqual({ text: '@bob see you', caret: 5 });
  });

  it('offers names starting with the query first, then those containing it', () => {
    expect(matchingNames(['alice', 'bob', 'malia', 'Alan'], 'al')).toEqual(['alice', 'Alan', 'malia']);
    expect(matchingNames(['alice', 'bob'], '')).toEqual(['alice', 'bob']);
  });
});

describe('search highlights', () => {
  it('splits the text at the highlights, clipped and merged, the whole text once', () => {
    expect(highlighted('the quick fox', [{ start: 4, end: 9 }])).toEqual([
      { text: 'the ', marked: false },
      { text: 'quick', marked: true },
      { text: ' fox', marked: false },
    ]);
    const odd = highlighted('abcdef', [
      { start: 4, end: 99 },
      { start: 0, end: 2 },
      { start: 1, end: 3 },
      { start: 3, end: 3 },
    ]);
    expect(odd.map(({ text }) => text).join('')).toBe('abcdef');
    expect(odd).toEqual([
      { text: 'abc', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
    expect(highlighted('plain', undefined)).toEqual([{ text: 'plain', marked: false }]);
  });
});
