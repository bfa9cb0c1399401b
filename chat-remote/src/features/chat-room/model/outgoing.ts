import type { ReplyQuote } from '@chat/shared';

/** A message this client is sending: shown at once, in the order it was written, until the server has it. */
export interface Outgoing {
  /** The idempotency key: every attempt to send this message carries it, so the server stores it once. */
  clientMsgId: string;
  content: string;
  file: File | null;
  createdAt: string;
  status: 'pending' | 'failed';
  /** Why the last attempt failed; null while pending. */
  error: string | null;
  /** Whether sending again can help: a lost connection can, a refused message (422) cannot. */
  retryable: boolean;
  /** Upload progress from 0 to 1; null for text. */
  progress: number | null;
  /** The message it answers, quoted as the server will quote it; null for none. */
  replyTo: ReplyQuote | null;
}

export function newOutgoing(
  draft: { content: string; file: File | null; replyTo?: ReplyQuote | null },
  clientMsgId: string = crypto.randomUUID(),
  now: Date = new Date(),
): Outgoing {
  return {
    clientMsgId,
    content: draft.content,
    file: draft.file,
    createdAt: now.toISOString(),
    status: 'pending',
    error: null,
    retryable: true,
    progress: draft.file ? 0 : null,
    replyTo: draft.replyTo ?? null,
  };
}

export function isOutgoing(row: object): row is Outgoing {
  return 'clientMsgId' in row;
}

/** Sent again by itself when the connection comes back: failed for a reason that sending again can cure. */
export function isResendable(entry: Outgoing): boolean {
  return entry.status === 'failed' && entry.retryable;
}
