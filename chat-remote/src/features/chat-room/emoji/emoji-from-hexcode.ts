import { normaliseEmoji } from '@chat/shared/emoji-rule';

/**
 * The emoji an Emojibase hexcode ('1F389', '1F44D-1F3FD') stands for, in the spelling the API stores, or null
 * when the API would refuse it (a lone regional indicator, a skin-tone swatch). Emojibase's own `emoji` field
 * sometimes carries a VS16 the API's rule does not (☔️ for ☔), so both the picker and the shortcodes go
 * through this: whatever they produce is exactly what a reaction or a message may hold.
 */
export function emojiFromHexcode(hexcode: string): string | null {
  const codePoints = hexcode.split('-').map((part) => Number.parseInt(part, 16));
  if (codePoints.some((point) => !Number.isInteger(point) || point < 0 || point > 0x10ffff)) return null;
  return normaliseEmoji(String.fromCodePoint(...codePoints));
}
