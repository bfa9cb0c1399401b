import { describe, expect, it } from '@rstest/core';
import { clearScrollAnchor, readScrollAnchor, saveScrollAnchor } from './scroll-anchor';

describe("the reader's place kept across a handover", () => {
  it('is read by the next view of the room as often as it renders, until that view clears it', () => {
    saveScrollAnchor(4, 120);
    expect(readScrollAnchor(4)).toBe(120);
    expect(readScrollAnchor(4)).toBe(120);
    expect(readScrollAnchor(5)).toBeNull();
    clearScrollAnchor(4);
    expect(readScrollAnchor(4)).toBeNull();
  });

  it('keeps nothing for a reader at the newest message, where the room opens anyway', () => {
    saveScrollAnchor(6, 50);
    saveScrollAnchor(6, null);
    expect(readScrollAnchor(6)).toBeNull();
  });
});
