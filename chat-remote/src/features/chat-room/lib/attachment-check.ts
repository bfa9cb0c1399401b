import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '@chat/shared';

const MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

export const NOT_AN_IMAGE = 'Only PNG and JPEG images can be sent.';
export const TOO_LARGE = `Images can be at most ${MAX_MB} MB.`;
export const EMPTY_FILE = 'The file is empty.';

/** Why a file cannot be sent, checked before any upload starts; null when it can. */
export function attachmentProblem(file: { type: string; size: number }): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > ATTACHMENT_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return EMPTY_FILE;
  return null;
}
