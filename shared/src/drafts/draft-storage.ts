import { LOCAL_STORAGE_PREFIX } from '../constants';
import type { Message } from '../schemas/message';

/**
 * What one user typed in one room and has not sent, and the message it answers, kept in this browser so
 * switching rooms, reloading or closing the tab loses nothing. localStorage is cleared at sign-out with
 * everything under the prefix. Bundled into each remote that reads it (the chat room writes, the room list and
 * 'Your rooms' say 'Draft'), so the key and the format are this file's alone.
 */
export interface Draft {
  text: string;
  replyTo: Message | null;
}

const EMPTY: Draft = { text: '', replyTo: null };

/**
 * Said on `window` whenever this tab changes a draft: 'storage' events reach only the other tabs, and each
 * remote bundles its own copy of this module, so a module-level listener list would not reach the others.
 */
export const DRAFT_CHANGED_EVENT = 'chat:draft-changed';

export const draftKey = (userId: number, roomId: number) =>
  `${LOCAL_STORAGE_PREFIX}draft.${userId}.${roomId}`;

const isMessage = (value: unknown): value is Message => {
  const message = value as Partial<Message> | null;
  return (
    typeof message?.id === 'number' &&
    typeof message.content === 'string' &&
    typeof message.user?.username === 'string'
  );
};

/** A draft saved by an earlier version is the bare text; this one saves JSON. */
function parse(saved: string | null): Draft {
  if (saved === null) return EMPTY;
  try {
    const value = JSON.parse(saved) as Partial<Draft> | null;
    if (value && typeof value === 'object' && typeof value.text === 'string')
      return { text: value.text, replyTo: isMessage(value.replyTo) ? value.replyTo : null };
  } catch {
    // Not JSON: an earlier version's bare text.
  }
  return { text: saved, replyTo: null };
}

export function readDraft(userId: number, roomId: number): Draft {
  try {
    return parse(window.localStorage.getItem(draftKey(userId, roomId)));
  } catch {
    // Storage refused (private mode): the draft lives as long as the view.
    return EMPTY;
  }
}

export const hasDraft = (userId: number, roomId: number) => {
  const { text, replyTo } = readDraft(userId, roomId);
  return text.trim() !== '' || replyTo !== null;
};

/** Changes part of a draft; an empty one is removed, not kept. */
export function writeDraft(userId: number, roomId: number, change: Partial<Draft>): void {
  const key = draftKey(userId, roomId);
  try {
    const next = { ...readDraft(userId, roomId), ...change };
    if (next.text === '' && next.replyTo === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage refused or full: as in readDraft.
  }
  window.dispatchEvent(new CustomEvent(DRAFT_CHANGED_EVENT, { detail: { key } }));
}

/** Sent, or the room is gone for this user (removed, deleted). */
export const clearDraft = (userId: number, roomId: number) =>
  writeDraft(userId, roomId, { text: '', replyTo: null });
