import { describe, expect, it } from '@rstest/core';
import {
  createTypingSignal,
  nextExpiry,
  readWhisper,
  stillTyping,
  TYPING_THROTTLE_MS,
  TYPING_TIMEOUT_MS,
  typingNames,
  typingStarted,
  typingStopped,
  typingText,
} from './typing';

const bob = { id: 2, username: 'bob' };
const carol = { id: 3, username: 'carol' };

describe('typing, as the others see it', () => {
  it('shows a typist until TYPING_TIMEOUT_MS after their last whisper, well within 3 s', () => {
    expect(TYPING_TIMEOUT_MS).toBeLessThanOrEqual(3_000);
    let typists = typingStarted([], bob, 1_000);
    expect(nextExpiry(typists)).toBe(1_000 + TYPING_TIMEOUT_MS);
    expect(stillTyping(typists, 1_000 + TYPING_TIMEOUT_MS - 1)).toHaveLength(1);
    expect(stillTyping(typists, 1_000 + TYPING_TIMEOUT_MS)).toEqual([]);

    // Each whisper while they keep typing pushes the end back.
    typists = typingStarted(typists, bob, 2_000);
    expect(typists).toHaveLength(1);
    expect(nextExpiry(typists)).toBe(2_000 + TYPING_TIMEOUT_MS);
  });

  it('keeps a typist shown between throttled whispers, with room for one arriving late', () => {
    expect(TYPING_TIMEOUT_MS - TYPING_THROTTLE_MS).toBeGreaterThanOrEqual(1_000);
  });

  it('drops a typist at once when they stop, others staying, in the order they started', () => {
    let typists = typingStarted(typingStarted([], bob, 0), carol, 10);
    typists = typingStarted(typists, bob, 20);
    expect(typists.map((typist) => typist.username)).toEqual(['bob', 'carol']);
    expect(nextExpiry(typists)).toBe(10 + TYPING_TIMEOUT_MS);
    typists = typingStopped(typists, 2);
    expect(typists.map((typist) => typist.username)).toEqual(['carol']);
    expect(nextExpiry(typingStopped(typists, 3))).toBeNull();
  });

  it('says who is typing', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['bob'])).toBe('bob is typing…');
    expect(typingText(['bob', 'carol'])).toBe('bob and carol are typing…');
    expect(typingText(['bob', 'carol', 'dave', 'erin'])).toBe('bob, carol and 2 more are typing…');
  });

  it('names typists by the member list, leaves out who has gone and oneself', () => {
    const typists = [bob, carol, { id: 1, username: 'me' }].map((who) => ({ ...who, until: 9 }));
    const members = [
      { id: 1, username: 'me' },
      { id: 2, username: 'Bob' },
    ];
    expect(typingNames(typists, members, 1)).toEqual(['Bob']);
    // No member list (yet): the whisper's own name.
    expect(typingNames(typists, null, 1)).toEqual(['bob', 'carol']);
  });

  it("reads a whisper, the server's word on the sender over the payload's", () => {
    expect(readWhisper({ typing: true, id: 2, username: 'bob' })).toEqual({
      typing: true,
      id: 2,
      username: 'bob',
    });
    expect(readWhisper({ typing: true, id: 2, username: 'bob' }, 5)).toEqual({
      typing: true,
      id: 5,
      username: 'bob',
    });
    expect(readWhisper({ typing: false }, '7')).toEqual({ typing: false, id: 7, username: '' });
    for (const bad of [null, 'typing', { typing: 'yes', id: 2 }, { typing: true }, { typing: true, id: 0 }]) {
      expect(readWhisper(bad)).toBeNull();
    }
    expect(readWhisper({ typing: true, id: 2 }, null)).toEqual({ typing: true, id: 2, username: '' });
  });
});

describe('typing, as the typist sends it', () => {
  const signal = () => {
    let now = 0;
    const sent: boolean[] = [];
    const typing = createTypingSignal((value) => sent.push(value), { now: () => now });
    return { typing, sent, at: (ms: number) => (now = ms) };
  };

  it('whispers at the first key, then at most once per TYPING_THROTTLE_MS while keys keep coming', () => {
    const { typing, sent, at } = signal();
    for (let ms = 0; ms <= 3_000; ms += 100) {
      at(ms);
      typing.typed();
    }
    expect(sent).toEqual([true, true, true, true]);
    at(3_050);
    typing.typed();
    expect(sent).toHaveLength(4);
  });

  it('whispers a stop once on sending or emptying the draft, and the next key whispers again at once', () => {
    const { typing, sent, at } = signal();
    typing.stopped();
    expect(sent).toEqual([]);
    typing.typed();
    at(200);
    typing.stopped();
    typing.stopped();
    expect(sent).toEqual([true, false]);
    at(300);
    typing.typed();
    expect(sent).toEqual([true, false, true]);
  });
});
