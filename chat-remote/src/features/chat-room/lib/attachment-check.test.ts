import { ATTACHMENT_MAX_BYTES } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import { attachmentProblem, EMPTY_FILE, NOT_AN_IMAGE, TOO_LARGE } from './attachment-check';

describe('attachmentProblem', () => {
  it('accepts PNG and JPEG up to the limit', () => {
    expect(attachmentProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(attachmentProblem({ type: 'image/jpeg', size: ATTACHMENT_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, oversize and empty files with a clear reason', () => {
    expect(attachmentProblem({ type: 'image/gif', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(attachmentProblem({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(attachmentProblem({ type: 'image/png', size: ATTACHMENT_MAX_BYTES + 1 })).toBe(TOO_LARGE);
    expect(attachmentProblem({ type: 'image/png', size: 0 })).toBe(EMPTY_FILE);
    expect(TOO_LARGE).toBe('Images can be at most 5 MB.');
  });
});
