import { describe, expect, it } from '@rstest/core';
import type { Message } from '../schemas/message';
import { clearDraft, DRAFT_CHANGED_EVENT, draftKey, hasDraft, readDraft, writeDraft } from './draft-storage';

const answered = { id: 7, content: 'the original', user: { id: 2, username: 'bob' } } as Message;

describe('drafts', () => {
  it('keeps text and the message it answers per user and room, and drops an empty one', () => {
    writeDraft(1, 10, { text: 'half a thought' });
    writeDraft(1, 10, { replyTo: answered });
    expect(readDraft(1, 10)).toEqual({ text: 'half a thought', replyTo: answered });
    expect(readDraft(2, 10)).toEqual({ text: '', replyTo: null });
    expect(hasDraft(1, 10)).toBe(true);
    clearDraft(1, 10);
    expect(localStorage.getItem(draftKey(1, 10))).toBeNull();
    expect(hasDraft(1, 10)).toBe(false);
  });

  it("reads an earlier version's bare text, and a reply that is not a message as none", () => {
    localStorage.setItem(draftKey(1, 11), 'typed before the update');
    expect(readDraft(1, 11)).toEqual({ text: 'typed before the update', replyTo: null });
    localStorage.setItem(draftKey(1, 12), JSON.stringify({ text: 'x', replyTo: { id: 'nope' } }));
    expect(readDraft(1, 12)).toEqual({ text: 'x', replyTo: null });
  });

  it('counts only spaces as no draft, and tells this tab of every change', () => {
    const heard: string[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent<{ key: string }>).detail.key);
    window.addEventListener(DRAFT_CHANGED_EVENT, listener);
    writeDraft(3, 30, { text: '   ' });
    window.removeEventListener(DRAFT_CHANGED_EVENT, listener);
    expect(hasDraft(3, 30)).toBe(false);
    expect(heard).toEqual([draftKey(3, 30)]);
  });
});
