import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_PAINTED_EVENT } from '@chat/shared/first-screen';

/** The longest the drawing stays if the screen never says it has painted (an older remote, a failure). */
const LONGEST_HOLD_MS = 10_000;

let release: () => void = () => undefined;

/**
 * Keeps the room the shell's server drew on screen while the app renders under it, and drops it once the
 * room has painted its own feed (the chat remote's `announceFirstScreenPainted`). The app renders hidden but
 * laid out (its list measures its rows), so nothing moves when it shows: its elements are new to the page,
 * not shifted, and the drawing's are gone. The drawing is markup only; any input on it hands over at once.
 */
export function holdFirstScreen(root: HTMLElement): void {
  const frame = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.parentElement?.closest('[data-screen]');
  if (!(frame instanceof HTMLElement)) return;
  // Out of the root React empties on its first render, and over it.
  root.before(frame);
  Object.assign(frame.style, { position: 'absolute', inset: '0 0 auto 0', zIndex: '1' });
  root.style.visibility = 'hidden';
  const timer = window.setTimeout(() => release(), LONGEST_HOLD_MS);
  release = () => {
    release = () => undefined;
    window.clearTimeout(timer);
    document.removeEventListener(FIRST_SCREEN_PAINTED_EVENT, release);
    frame.remove();
    root.style.visibility = '';
  };
  document.addEventListener(FIRST_SCREEN_PAINTED_EVENT, release);
  for (const input of ['pointerdown', 'keydown'] as const) frame.addEventListener(input, release);
}

/** Drops the drawing now (a slot failed: what the app shows about it must be seen). */
export const releaseFirstScreen = () => release();
