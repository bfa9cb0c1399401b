import { type ApiError, type HttpClient, type Reaction, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import type { ChatStore } from '../model/chat-store';
import { heldVersion } from '../model/message-log';
import { toggledReactions } from '../model/reactions';
import { reactionsSet } from '../model/state/message-changes';
import { findMessage } from '../model/state/selectors';

export interface ReactionJob {
  messageId: number;
  emoji: string;
  /** True adds this user's reaction (PUT), false takes it back (DELETE). */
  add: boolean;
}

/** PUT or DELETE chatrooms/{id}/messages/{messageId}/reactions/{emoji}: both idempotent, both answer the reactions. */
export function reactToMessage(http: HttpClient, roomId: number, job: ReactionJob): Promise<Reaction[]> {
  const url = `chatrooms/${roomId}/messages/${job.messageId}/reactions/${encodeURIComponent(job.emoji)}`;
  return job.add ? http.put<Reaction[]>(url) : http.delete<Reaction[]>(url);
}

/**
 * A reaction shows at once (optimistic), wherever the message is held (the live log or the around-window a
 * search opened); the API's answer then sets the counts, unless an event newer than the
 * click has already done so. A failure puts back what the message showed and says why.
 */
export function useReactToMessage(
  roomId: number,
  store: ChatStore | null,
  onFailed: (error: ApiError) => void,
) {
  const { http } = useServices();
  return useMutation<Reaction[], ApiError, ReactionJob, { version: number; before: Reaction[] } | null>({
    mutationFn: (job) => reactToMessage(http, roomId, job),
    meta: { silent: true },
    networkMode: 'always',
    onMutate: (job) => {
      const held = store && findMessage(store.getState(), job.messageId);
      if (!store || !held) return null;
      const before = held.reactions ?? [];
      store.setState((state) =>
        reactionsSet(state, job.messageId, toggledReactions(before, job.emoji, job.add)),
      );
      return { version: heldVersion(held), before };
    },
    onSuccess: (reactions, job, context) => {
      const held = store && findMessage(store.getState(), job.messageId);
      if (held && context && heldVersion(held) === context.version)
        store?.setState((state) => reactionsSet(state, job.messageId, reactions));
    },
    onError: (error, job, context) => {
      const held = store && findMessage(store.getState(), job.messageId);
      if (held && context && heldVersion(held) === context.version)
        store?.setState((state) => reactionsSet(state, job.messageId, context.before));
      onFailed(error);
    },
  });
}
