import { highlighted, type Segment } from './highlight';

/**
 * Which characters of `shown` (a message's text with its markup blanked, as `searchableText` gives it) a
 * result shows: a run of blanks as one space, none at a line's start or end or at either end of the text,
 * and at most one empty line in a row. Markup leaves gaps where it stood (`**` of bold, `> ` of a quote,
 * a fence's line); the words keep their places, so the search's offsets still find them.
 */
function keptCharacters(shown: string): Uint8Array {
  const kept = new Uint8Array(shown.length);
  let last = '';
  let space = -1;
  let lineEnds = 0;
  for (let i = 0; i < shown.length; i++) {
    const char = shown[i] as string;
    if (char === '\n') {
      space = -1;
      if (last !== '' && lineEnds < 2) {
        kept[i] = 1;
        lineEnds++;
        last = char;
      }
    } else if (/\s/.test(char)) {
      if (space === -1 && last !== '' && last !== '\n') space = i;
    } else {
      if (space !== -1) kept[space] = 1;
      space = -1;
      kept[i] = 1;
      lineEnds = 0;
      last = char;
    }
  }
  for (let i = shown.length - 1; i >= 0 && (kept[i] === 0 || shown[i] === '\n'); i--) kept[i] = 0;
  return kept;
}

/**
 * A search result's text as people read it, split at its highlights: `shown` is the message's text with
 * its markup blanked (as long as the raw text, so `highlights`, offsets into the raw text, still fit), and
 * the gaps the markup left are closed up. Highlights that fall only on markup give no segment.
 */
export function readableSegments(
  shown: string,
  highlights: readonly { start: number; end: number }[] | undefined,
): Segment[] {
  const kept = keptCharacters(shown);
  const segments: Segment[] = [];
  let at = 0;
  for (const segment of highlighted(shown, highlights)) {
    let text = '';
    for (let i = at; i < at + segment.text.length; i++) if (kept[i]) text += shown[i];
    at += segment.text.length;
    if (!text) continue;
    const last = segments.at(-1);
    if (last && last.marked === segment.marked) last.text += text;
    else segments.push({ text, marked: segment.marked });
  }
  return segments;
}
