import { REACTION_EMOJI_MAX_LENGTH } from '../schemas/limits';

// Built at run time: the `v` flag (Node 20) is past the TypeScript target's syntax.
const UNICODE_SETS: string = 'v';
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', UNICODE_SETS);
const VARIATION_SELECTOR_16 = '\uFE0F';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The reaction a path's `{emoji}` stands for, or null when it is not exactly one emoji: one extended grapheme
 * cluster that is an RGI emoji (Unicode's recommended set: skin tones, flags, keycaps, ZWJ sequences). A
 * character whose emoji form needs VS16 is accepted without it too, and stored with it ('❤' is '❤️'), so both
 * spellings count as one reaction. The API validates reactions by it and the chat remote's emoji picker offers
 * only what it accepts, so a picked emoji is never refused.
 */
export function normaliseEmoji(input: string): string | null {
  if (input.length === 0 || input.length > REACTION_EMOJI_MAX_LENGTH) return null;
  const clusters = [...graphemes.segment(input)];
  if (clusters.length !== 1) return null;
  if (RGI_EMOJI.test(input)) return input;
  const qualified = `${input}${VARIATION_SELECTOR_16}`;
  return [...input].length === 1 && RGI_EMOJI.test(qualified) ? qualified : null;
}
