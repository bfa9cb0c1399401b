import { useCallback, useMemo, useRef } from 'react';
import { type SendJob, useSendMessage } from '../api/send-message';
import { sendFailure } from '../lib/send-failure';
import { discarded, progressed, queued, retried, sendFailed, sentReceived } from '../model/chat-state';
import type { ChatStore } from '../model/chat-store';
import { newOutgoing } from '../model/outgoing';

export interface OutboxActions {
  sendText(content: string): void;
  sendImage(file: File): void;
  /** Sends a failed message again under the same client_msg_id. */
  retry(clientMsgId: string): void;
  discard(clientMsgId: string): void;
  /** Stops an upload in flight (or still queued) and drops the message. */
  cancel(clientMsgId: string): void;
}

/** Optimistic, idempotent sending: every message shows at once as pending, then as sent or failed. */
export function useOutbox(roomId: number, store: ChatStore, afterSend: () => void): OutboxActions {
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
    ({ clientMsgId, content, file }: Pick<SendJob, 'clientMsgId' | 'content' | 'file'>) => {
      const controller = new AbortController();
      controllers.current.set(clientMsgId, controller);
      mutate({
        clientMsgId,
        content,
        file,
        signal: controller.signal,
        onProgress: (fraction) => store.setState((state) => progressed(state, clientMsgId, fraction)),
      });
    },
    [mutate, store],
  );

  return useMemo(() => {
    const enqueue = (draft: { content: string; file: File | null }) => {
      const entry = newOutgoing(draft);
      store.setState((state) => queued(state, entry));
      dispatch(entry);
    };
    return {
      sendText: (content) => enqueue({ content, file: null }),
      sendImage: (file) => enqueue({ content: '', file }),
      retry: (clientMsgId) => {
        const entry = store.getState().outbox.find((candidate) => candidate.clientMsgId === clientMsgId);
        if (entry?.status !== 'failed') return;
        store.setState((state) => retried(state, clientMsgId));
        dispatch(entry);
      },
      discard: (clientMsgId) => store.setState((state) => discarded(state, clientMsgId)),
      cancel: (clientMsgId) => controllers.current.get(clientMsgId)?.abort(),
    };
  }, [dispatch, store]);
}
