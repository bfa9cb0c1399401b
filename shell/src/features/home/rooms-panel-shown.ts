/** Where 'Your rooms' stands beside an open room: the same width as home-layout.css's media query. */
export const WIDE = '(min-width: 768px)';

/**
 * Whether 'Your rooms' (rooms-remote) is on the screen: always beside the room list, and beside an open room only
 * where it is wide enough; a phone shows the room alone. What is not shown is neither mounted nor preloaded: on
 * a phone its remote's scripts would only compete with the room's own on a slow network. Imports nothing, so the
 * shell's entry can ask it before the shared packages have arrived (../../app/early-start.ts).
 */
export function roomsPanelShown(roomOpen: boolean, wide = window.matchMedia(WIDE).matches): boolean {
  return wide || !roomOpen;
}
