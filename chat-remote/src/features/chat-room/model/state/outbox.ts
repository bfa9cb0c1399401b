import type { Outgoing } from '../outgoing';
import type { ChatState } from './chat-state';

/** The messages this user is sending: each shown at once, then dropped when the server's copy arrives. */

export function queued(state: ChatState, entry: Outgoing): ChatState {
  return { ...state, outbox: [...state.outbox, entry] };
}

function updateOutgoing(state: ChatState, clientMsgId: string, change: Partial<Outgoing>): ChatState {
  if (!state.outbox.some((entry) => entry.clientMsgId === clientMsgId)) return state;
  return {
    ...state,
    outbox: state.outbox.map((entry) =>
      entry.clientMsgId === clientMsgId ? { ...entry, ...change } : entry,
    ),
  };
}

export function sendFailed(
  state: ChatState,
  clientMsgId: string,
  error: string,
  retryable: boolean,
): ChatState {
  return updateOutgoing(state, clientMsgId, { status: 'failed', error, retryable, progress: null });
}

/** Back to pending, keeping its client_msg_id and its place in the order. */
export function retried(state: ChatState, clientMsgId: string): ChatState {
  const entry = state.outbox.find((candidate) => candidate.clientMsgId === clientMsgId);
  return updateOutgoing(state, clientMsgId, {
    status: 'pending',
    error: null,
    progress: entry?.file ? 0 : null,
  });
}

/**
 * The text it is sent with (its shortcodes replaced), so its row shows what the others will read, and a
 * retry or a reload sends the same text.
 */
export function rewritten(state: ChatState, clientMsgId: string, content: string): ChatState {
  return updateOutgoing(state, clientMsgId, { content });
}

export function progressed(state: ChatState, clientMsgId: string, progress: number): ChatState {
  return updateOutgoing(state, clientMsgId, { progress: Math.min(1, Math.max(0, progress)) });
}

export function discarded(state: ChatState, clientMsgId: string): ChatState {
  return { ...state, outbox: state.outbox.filter((entry) => entry.clientMsgId !== clientMsgId) };
}
