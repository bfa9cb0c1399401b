import { useEffect, useRef } from 'react';
import { onOwnHandover } from '../model/own-handover';
import { saveScrollAnchor } from '../model/scroll-anchor';

/**
 * Saves where the reader is in `roomId` when the shell is about to replace this remote with another version
 * (the next version opens there: ../model/scroll-anchor.ts). `anchor` answers at that moment.
 */
export function useScrollHandover(roomId: number | undefined, anchor: () => number | null): void {
  const latest = useRef(anchor);
  latest.current = anchor;
  useEffect(() => {
    if (roomId === undefined) return;
    return onOwnHandover(() => saveScrollAnchor(roomId, latest.current()));
  }, [roomId]);
}
