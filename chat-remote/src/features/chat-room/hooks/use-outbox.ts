import { type ReplyQuote, useServices, useSession } from '@chat/shared';
import { useEcho } from '@chat/shared/use-echo';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSendMessage } from '../api/send-message';
import { sendFailure } from '../lib/send-failure';
import type { ChatStore } from '../model/chat-store';
import { browserStorage, createOutboxStorage, outboxKey } from '../model/outbox-storage';
import { isResendable, newOutgoing, type Outgoing } from '../model/outgoing';
import { sentReceived } from '../model/state/log';
import { discarded, progressed, queued, retried, rewritten, sendFailed } from '../model/state/outbox';

export interface OutboxActions {
  /** `replyTo`: the message it answers. */
  sendText(content: string, replyTo?: ReplyQuote | null): void;
  sendImage(file: File, replyTo?: ReplyQuote | null): void;
  /** Sends a failed message again under the same client_msg_id. */
  retry(clientMsgId: string): void;
  discard(clientMsgId: string): void;
  /** Stops an upload in flight (or still queued) and drops the message. */
  cancel(clientMsgId: string): void;
}

/**
 * Optimistic, idempotent sending: every message shows at once as pending, then as sent or failed. A message
 * that failed for want of a connection is sent again by itself when the connection comes back (the websocket
 * reconnects, or the browser is back online), and unsent text outlives a reload (`outbox-storage`). Every
 * attempt carries the message's one client_msg_id, so the server stores it once however many are made; and a
 * message is sent again only from 'failed', so an automatic resend and a click on Retry never overlap.
 */
export function useOutbox(roomId: number, store: ChatStore, afterSend: () => void): OutboxActions {
  const client = useEcho(useServices().echo);
  const userId = useSession((state) => state.user?.id ?? null);
  const controllers = useRef(new Map<string, AbortController>());
  const mutation = useSendMessage(roomId, {
    onSent: (message, job) => {
      controllers.current.delete(job.clientMsgId);
      store.setState((state) => sentReceived(state, message));
      afterSend();
    },
    onFailed: (error, job) => {
      controllers.current.delete(job.clientMsgId);
      if (job.signal.aborted) {
        store.setState((state) => discarded(state, job.clientMsgId));
        return;
      }
      const { reason, retryable } = sendFailure(error);
      store.setState((state) => sendFailed(state, job.clientMsgId, reason, retryable));
    },
  });
  const { mutate } = mutation;

  const dispatch = useCallback(
    ({
      clientMsgId,
      content,
      file,
      replyTo,
    }: Pick<Outgoing, 'clientMsgId' | 'content' | 'file' | 'replyTo'>) => {
      const controller = new AbortController();
      controllers.current.set(clientMsgId, controller);
      mutate({
        clientMsgId,
        content,
        file,
        replyToId: replyTo?.id ?? null,
        signal: controller.signal,
        onProgress: (fraction) => store.setState((state) => progressed(state, clientMsgId, fraction)),
        onContent: (sent) => store.setState((state) => rewritten(state, clientMsgId, sent)),
      });
    },
    [mutate, store],
  );

  const resend = useCallback(
    (entry: Outgoing) => {
      store.setState((state) => retried(state, entry.clientMsgId));
      dispatch(entry);
    },
    [dispatch, store],
  );

  useEffect(() => {
    if (userId === null) return;
    const storage = createOutboxStorage(outboxKey(userId, roomId), browserStorage());
    // Run twice under StrictMode: what the first run restored is in the outbox by the second, and skipped.
    const present = new Set(store.getState().outbox.map((entry) => entry.clientMsgId));
    for (const entry of storage.load()) {
      if (present.has(entry.clientMsgId)) continue;
      store.setState((state) => queued(state, entry));
      dispatch(entry);
    }
    // A room opened again on what it held (a switch back within five minutes) tries what had failed at once,
    // as a reload does with what it restores.
    for (const entry of store.getState().outbox)
      if (present.has(entry.clientMsgId) && isResendable(entry)) resend(entry);
    storage.save(store.getState().outbox);
    return store.subscribe((state, previous) => {
      if (state.outbox !== previous.outbox) storage.save(state.outbox);
    });
  }, [userId, roomId, store, dispatch, resend]);

  useEffect(() => {
    const resendFailed = () => {
      for (const entry of store.getState().outbox) if (isResendable(entry)) resend(entry);
    };
    const stopWatching = client?.connector.onConnectionChange((status) => {
      if (status === 'connected') resendFailed();
    });
    window.addEventListener('online', resendFailed);
    return () => {
      stopWatching?.();
      window.removeEventListener('online', resendFailed);
    };
  }, [client, store, resend]);

  return useMemo(() => {
    const enqueue = (draft: { content: string; file: File | null; replyTo?: ReplyQuote | null }) => {
      const entry = newOutgoing(draft);
      store.setState((state) => queued(state, entry));
      if (process.env.CHAT_REMOTE_BROKEN_SEND === '1') {
        // The canary e2e's broken build: the message stays queued and unsent, and the send path throws, in a
        // task of its own so the bar clears as after any send (what the user types next is a draft apart).
        setTimeout(() => {
          throw new Error('chat-remote canary-broken: sending is broken in this build');
        });
        return;
      }
      dispatch(entry);
    };
    return {
      sendText: (content, replyTo) => enqueue({ content, file: null, replyTo }),
      sendImage: (file, replyTo) => enqueue({ content: '', file, replyTo }),
      retry: (clientMsgId) => {
        const entry = store.getState().outbox.find((candidate) => candidate.clientMsgId === clientMsgId);
        if (entry?.status === 'failed') resend(entry);
      },
      discard: (clientMsgId) => store.setState((state) => discarded(state, clientMsgId)),
      cancel: (clientMsgId) => controllers.current.get(clientMsgId)?.abort(),
    };
  }, [dispatch, resend, store]);
}
