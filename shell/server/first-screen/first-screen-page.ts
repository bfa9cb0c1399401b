import { createHash } from 'node:crypto';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_ELEMENT_ID,
  jsonForScriptElement,
} from '@chat/shared/first-screen';
import type { FirstScreen } from './draw-first-screen';

/** The template's signed-in frame (shared/build/assets/index.html), matched whole: its CSS names the screens too. */
export const SIGNED_IN_FRAME = '<div aria-hidden="true" data-screen="signed-in">';
const CARD = '<div class="app-shell-card"></div>';
const STATIC_STYLES_PRELOAD = /<link rel="preload" as="style"( href="[^"]+" data-antd-static)>/;

/** The characters React escapes in an attribute, as the browser reads them back before hashing. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The CSP sources of every distinct `style` attribute in `markup` (React's server markup writes styles as
 * attributes, which `style-src` blocks unless named): `sha256-…` of each value as the browser reads it.
 */
export function styleAttributeHashes(markup: string): string[] {
  const values = new Set<string>();
  for (const [, value = ''] of markup.matchAll(/ style="([^"]*)"/g))
    values.add(value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity));
  return [...values].map((value) => `sha256-${createHash('sha256').update(value).digest('base64')}`);
}

/**
 * The page with the server's drawing in the frame's place of the screen, its data in a JSON block (never
 * executed: the CSP needs no exception for it), and antd's stylesheet applied before the first paint (the
 * plain page only preloads it, as nothing in its frame needs it). The frame is no longer hidden from
 * assistive technology: what it holds now is the screen.
 */
export function withFirstScreen(page: string, { markup, data }: FirstScreen): string {
  const drawing =
    `<div id="${FIRST_SCREEN_ELEMENT_ID}">${markup}</div>` +
    `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForScriptElement(data)}</script>`;
  return page
    .replace(STATIC_STYLES_PRELOAD, '<link rel="stylesheet"$1>')
    .replace(SIGNED_IN_FRAME, '<div data-screen="signed-in">')
    .replace(CARD, drawing);
}
