/**
 * Said on `window` by the shell just before it unmounts a remote to mount another version of it in place (a
 * canary rolled back or promoted into an open tab), or before the one reload that does the same where the page
 * may not load the new version's scripts. A remote saves here, synchronously, what it keeps only in memory and
 * its next version should find (the chat room: the reader's place in the conversation); what already lives in
 * storage (drafts, the outbox) needs nothing. `detail.remote` names the remote being replaced.
 */
export const REMOTE_HANDOVER_EVENT = 'chat:remote-handover';

export interface RemoteHandoverDetail {
  remote: string;
}

/** Tells the page's remotes that `remote` is about to be replaced. */
export function announceHandover(remote: string): void {
  window.dispatchEvent(new CustomEvent<RemoteHandoverDetail>(REMOTE_HANDOVER_EVENT, { detail: { remote } }));
}
