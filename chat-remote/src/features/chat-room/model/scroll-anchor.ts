/**
 * The reader's place in a room, kept across a handover to another version of this remote (the shell swaps it
 * in place, or reloads once): the message at the top of the view, per room, for this tab only (sessionStorage
 * outlives the reload, not the tab), read by the next view of the room only.
 */
const anchorKey = (roomId: number) => `chat.scroll-anchor.${roomId}`;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** `messageId` null: the reader was at the newest message, where the room opens anyway. */
export function saveScrollAnchor(roomId: number, messageId: number | null): void {
  try {
    if (messageId === null) tabStorage()?.removeItem(anchorKey(roomId));
    else tabStorage()?.setItem(anchorKey(roomId), String(messageId));
  } catch {
    // Refused or full: the room opens where it would have.
  }
}

/** Read while the view renders: pure, since React may discard that render and make it again. */
export function readScrollAnchor(roomId: number): number | null {
  const saved = Number(tabStorage()?.getItem(anchorKey(roomId)) ?? Number.NaN);
  return Number.isInteger(saved) && saved > 0 ? saved : null;
}

/** Once the view that read it is on screen: a later opening of the room starts where rooms start. */
export function clearScrollAnchor(roomId: number): void {
  try {
    tabStorage()?.removeItem(anchorKey(roomId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
