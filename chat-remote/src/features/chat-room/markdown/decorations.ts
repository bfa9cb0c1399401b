import { mentionSegments } from '../lib/mentions';

/** A range of a message's raw text (UTF-16 offsets, end exclusive). */
export interface TextRange {
  start: number;
  end: number;
}

/** What stands over a piece of text: a mention of `mention` (a username) and/or a search highlight. */
export interface Decorations {
  mentions: readonly (TextRange & { username: string })[];
  marks: readonly TextRange[];
}

export interface DecoratedPiece {
  text: string;
  /** The mentioned username, without its `@`. */
  mention?: string;
  marked: boolean;
}

export const NO_DECORATIONS: Decorations = { mentions: [], marks: [] };

/** Where the message's mentions and the search's highlights fall in its raw text. */
export function decorationsOf(
  content: string,
  usernames: readonly string[],
  highlights: readonly TextRange[] = [],
): Decorations {
  const mentions: (TextRange & { username: string })[] = [];
  let at = 0;
  for (const segment of mentionSegments(content, usernames)) {
    if (segment.mention) {
      mentions.push({ start: at, end: at + segment.text.length, username: segment.text.slice(1) });
    }
    at += segment.text.length;
  }
  const marks = highlights.filter(({ start, end }) => end > start);
  return { mentions, marks };
}

/**
 * The raw text from `start` to `end` cut where a mention or a highlight begins or ends: each piece says
 * what covers it. A mention across the bounds of a formatted span is shown in each part.
 */
export function decoratedPieces(
  content: string,
  start: number,
  end: number,
  { mentions, marks }: Decorations,
): DecoratedPiece[] {
  const cuts = new Set([start, end]);
  for (const range of [...mentions, ...marks]) {
    if (range.start > start && range.start < end) cuts.add(range.start);
    if (range.end > start && range.end < end) cuts.add(range.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: DecoratedPiece[] = [];
  for (let index = 0; index + 1 < points.length; index++) {
    const from = points[index] as number;
    const to = points[index + 1] as number;
    if (to <= from) continue;
    const covers = (range: TextRange) => range.start <= from && to <= range.end;
    pieces.push({
      text: content.slice(from, to),
      mention: mentions.find(covers)?.username,
      marked: marks.some(covers),
    });
  }
  return pieces;
}
