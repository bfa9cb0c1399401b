import { REMOTE_HANDOVER_EVENT, type RemoteHandoverDetail } from '@chat/shared/handover';

/** This remote's name in the shell's federation (chat-remote/rsbuild.config.ts), as a handover names it. */
const THIS_REMOTE = 'chat';

/** Calls `listener` when the shell is about to replace this remote with another version; returns the unsubscribe. */
export function onOwnHandover(listener: () => void): () => void {
  const heard = (event: Event) => {
    if ((event as CustomEvent<RemoteHandoverDetail>).detail?.remote === THIS_REMOTE) listener();
  };
  window.addEventListener(REMOTE_HANDOVER_EVENT, heard);
  return () => window.removeEventListener(REMOTE_HANDOVER_EVENT, heard);
}
