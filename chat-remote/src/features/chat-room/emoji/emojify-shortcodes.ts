import { lazyChunk } from '../lib/lazy-chunk';
import { emojiFromHexcode } from './emoji-from-hexcode';
import { keptRanges, mayHoldShortcode, replaceShortcodes } from './shortcodes';

/**
 * GitHub's shortcodes from the picker's own data set (emojibase-data), each mapped to the emoji the API
 * accepts; names whose emoji it would refuse are left out, so they stay as typed.
 */
const shortcodes = lazyChunk(() =>
  import(/* webpackChunkName: "emoji-shortcodes" */ 'emojibase-data/en/shortcodes/github.json').then(
    ({ default: dataset }) => {
      const byName = new Map<string, string>();
      for (const [hexcode, names] of Object.entries(dataset as Record<string, string | string[]>)) {
        const emoji = emojiFromHexcode(hexcode);
        if (!emoji) continue;
        for (const name of typeof names === 'string' ? [names] : names) byName.set(name, emoji);
      }
      return byName;
    },
  ),
);

/**
 * A message's text as it is sent: `:tada:` becomes 🎉 outside code. The shortcodes and the Markdown parser
 * are loaded only for a text with a `:name:` in it; a text without one is returned as it is.
 */
export async function emojifyShortcodes(text: string): Promise<string> {
  if (!mayHoldShortcode(text)) return text;
  try {
    const [byName, { parseMessage }] = await Promise.all([
      shortcodes.load(),
      import('@chat/shared/markdown'),
    ]);
    return replaceShortcodes(text, byName, keptRanges(parseMessage(text), text));
  } catch {
    // The chunks could not be loaded: the text goes as typed rather than not at all.
    return text;
  }
}
