import {
  FIRST_SCREEN_ELEMENT_ID,
  FIRST_SCREEN_PAINTED_EVENT,
  FIRST_SCREEN_PART_ATTRIBUTE,
} from '@chat/shared/first-screen';

/** The longest the drawing stays if the screen never says it has painted (an older remote, a failure). */
const LONGEST_HOLD_MS = 10_000;

let release: () => void = () => undefined;

const CONTROLS = 'button, a[href], input, textarea, select';
const FIELDS = 'input, textarea, select';

/** The app's control drawn as `pressed`: the same kind, the same text, in the same place. */
function twinOf(root: HTMLElement, pressed: Element, at: DOMRect): HTMLElement | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) < 2;
  return [...root.querySelectorAll<HTMLElement>(pressed.tagName)].find((candidate) => {
    const box = candidate.getBoundingClientRect();
    return near(box.x, at.x) && near(box.y, at.y) && candidate.textContent === pressed.textContent;
  });
}

/**
 * Keeps the screen the shell's server drew (the room list, or a room) in view while the app renders under it,
 * and drops it once the remote has painted its own (`announceFirstScreenPainted`: the list's rows, the room's
 * feed at its opening row). The app renders hidden but laid out (the feed measures its rows), so nothing moves
 * when it shows: its elements are new to the page, not shifted, and the drawing's are gone. The drawing is
 * markup only: a key hands over before its effect, and a click on it is the app's, handed to the app's own
 * control in that place (a drawn 'Join' presses the real one).
 */
export function holdFirstScreen(root: HTMLElement): void {
  const frame = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.parentElement?.closest('[data-screen]');
  if (!(frame instanceof HTMLElement)) return;
  // Out of the root React empties on its first render, and over it.
  root.before(frame);
  Object.assign(frame.style, { position: 'absolute', inset: '0 0 auto 0', zIndex: '1' });
  root.style.visibility = 'hidden';
  const timer = window.setTimeout(() => release(), LONGEST_HOLD_MS);
  const handOver = () => release();
  // The parts still drawn (the list and 'Your rooms'); a screen drawn whole goes at its first announcement.
  const waiting = new Set(
    [...frame.querySelectorAll(`[${FIRST_SCREEN_PART_ATTRIBUTE}]`)].map((part) =>
      part.getAttribute(FIRST_SCREEN_PART_ATTRIBUTE),
    ),
  );
  const painted = (event: Event) => {
    const part = (event as CustomEvent<string | undefined>).detail;
    if (part !== undefined) waiting.delete(part);
    if (part === undefined || waiting.size === 0) release();
  };
  release = () => {
    release = () => undefined;
    window.clearTimeout(timer);
    document.removeEventListener(FIRST_SCREEN_PAINTED_EVENT, painted);
    document.removeEventListener('keydown', handOver, true);
    frame.remove();
    root.style.visibility = '';
  };
  document.addEventListener(FIRST_SCREEN_PAINTED_EVENT, painted);
  // Before the key's own effect (Tab moves the focus into the app, not through the drawing's buttons).
  document.addEventListener('keydown', handOver, true);
  frame.addEventListener('click', (event) => {
    const pressed = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    const at = pressed?.getBoundingClientRect();
    release();
    const twin = pressed && at && twinOf(root, pressed, at);
    if (!twin) return;
    event.preventDefault();
    if (twin.matches(FIELDS)) twin.focus();
    else twin.click();
  });
}

/** Drops the drawing now (a slot failed: what the app shows about it must be seen). */
export const releaseFirstScreen = () => release();
