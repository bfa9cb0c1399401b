import { useSyncExternalStore } from 'react';

/**
 * Whether the media query matches now, followed as it changes. Read synchronously on the first render (no
 * second render, no layout shift), so a part of the page the CSS would hide is never mounted at all.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}
