/** A piece of a text: plain, or one of the matched words (shown inside <mark>). */
export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * Splits `content` at the search's highlights (UTF-16 offsets, end exclusive). Ranges out of bounds are
 * clipped, empty ones dropped, overlapping ones merged, so any answer gives the whole text back once.
 */
export function highlighted(
  content: string,
  highlights: readonly { start: number; end: number }[] | undefined,
): Segment[] {
  const ranges = (highlights ?? [])
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(content.length, Math.floor(start))),
      end: Math.max(0, Math.min(content.length, Math.floor(end))),
    }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) segments.push({ text: content.slice(at, from), marked: false });
    const last = segments.at(-1);
    if (last?.marked && from === at) last.text += content.slice(from, end);
    else segments.push({ text: content.slice(from, end), marked: true });
    at = end;
  }
  if (at < content.length) segments.push({ text: content.slice(at), marked: false });
  return segments;
}
