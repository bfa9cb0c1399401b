import type { ReplyQuote } from '@chat/shared';
import { LOCAL_STORAGE_PREFIX } from '@chat/shared/constants';
import { newOutgoing, type Outgoing } from './outgoing';

/**
 * What of an unsent message outlives the page: its text and its client_msg_id, so that sending it after a
 * reload is the same message to the server (stored once, whatever the earlier attempts did). An image is
 * not kept: a File cannot be written to localStorage, so an unsent image lasts as long as the page.
 */
export interface SavedOutgoing {
  clientMsgId: string;
  content: string;
  createdAt: string;
  /** The message it answers (absent in what an older remote saved). */
  replyTo?: ReplyQuote | null;
}

export interface OutboxStorage {
  /** The messages a previous page left unsent, in the order written; pending again. */
  load(): Outgoing[];
  /** Keeps this page's unsent text messages, beside those another tab keeps for the same room. */
  save(outbox: readonly Outgoing[]): void;
}

/** One user's unsent messages in one room (localStorage is per origin: per deployment of the shell). */
export const outboxKey = (userId: number, roomId: number) =>
  `${LOCAL_STORAGE_PREFIX}outbox.${userId}.${roomId}`;

function isQuote(value: unknown): value is ReplyQuote {
  if (typeof value !== 'object' || value === null) return false;
  const { id, content, user } = value as Record<string, unknown>;
  return (
    Number.isInteger(id) &&
    typeof content === 'string' &&
    typeof user === 'object' &&
    user !== null &&
    typeof (user as Record<string, unknown>).username === 'string'
  );
}

function isSaved(value: unknown): value is SavedOutgoing {
  if (typeof value !== 'object' || value === null) return false;
  const { clientMsgId, content, createdAt, replyTo } = value as Record<string, unknown>;
  return (
    typeof clientMsgId === 'string' &&
    typeof content === 'string' &&
    typeof createdAt === 'string' &&
    !Number.isNaN(Date.parse(createdAt)) &&
    (replyTo === undefined || replyTo === null || isQuote(replyTo))
  );
}

function read(storage: Storage, key: string): SavedOutgoing[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
  } catch {
    return [];
  }
}

const saved = ({ clientMsgId, content, createdAt, replyTo }: Outgoing): SavedOutgoing => ({
  clientMsgId,
  content,
  createdAt,
  ...(replyTo ? { replyTo } : {}),
});

/**
 * The unsent messages of one room kept in `storage`. Two tabs of the same room share the key: each writes
 * back what it does not know as it found it, and replaces only the messages it has itself held (written
 * here, or loaded), so neither drops the other's. Storage that is missing, full or refused (private
 * windows) keeps nothing and never breaks a send.
 */
export function createOutboxStorage(key: string, storage: Storage | null): OutboxStorage {
  const held = new Set<string>();
  /** What this page last wrote of its own: an upload's progress or a status change writes nothing. */
  let written = '';
  return {
    load() {
      if (!storage) return [];
      const entries = read(storage, key);
      for (const entry of entries) held.add(entry.clientMsgId);
      return entries.map((entry) =>
        newOutgoing(
          { content: entry.content, file: null, replyTo: entry.replyTo ?? null },
          entry.clientMsgId,
          new Date(entry.createdAt),
        ),
      );
    },
    save(outbox) {
      if (!storage) return;
      const own = outbox.filter((entry) => entry.file === null).map(saved);
      const mine = JSON.stringify(own);
      if (mine === written) return;
      written = mine;
      for (const entry of own) held.add(entry.clientMsgId);
      const others = read(storage, key).filter((entry) => !held.has(entry.clientMsgId));
      // ISO times: in the order written, whichever tab wrote them.
      const kept = [...others, ...own].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      try {
        if (kept.length) storage.setItem(key, JSON.stringify(kept));
        else storage.removeItem(key);
      } catch {
        // Over quota or refused: the messages stay on this page, and Retry, as before.
      }
    },
  };
}

/** localStorage, or null where reading it throws (storage disabled). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
