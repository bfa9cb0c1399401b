/** A piece of a message's text: plain, or `@username` of a member it mentions. */
export interface MentionSegment {
  text: string;
  mention: boolean;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `content` at each `@username` of the given members (the message's `mentions`), case-insensitively,
 * only where the name stands alone (`@bob` in `@bobby` or `me@bob` is no mention).
 */
export function mentionSegments(content: string, usernames: readonly string[]): MentionSegment[] {
  const names = [...new Set(usernames.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (names.length === 0 || !content.includes('@')) return [{ text: content, mention: false }];
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}_@.])@(${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_-])`,
    'giu',
  );
  const segments: MentionSegment[] = [];
  let at = 0;
  for (const match of content.matchAll(pattern)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    const end = start + 1 + (match[2]?.length ?? 0);
    if (start > at) segments.push({ text: content.slice(at, start), mention: false });
    segments.push({ text: content.slice(start, end), mention: true });
    at = end;
  }
  if (at < content.length) segments.push({ text: content.slice(at), mention: false });
  return segments;
}

/** The `@word` being typed just before the caret: where its `@` is, and what follows it so far. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}_.-]*)$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with `@username ` in place of the `@word` typed from `start` to the caret, and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(caret).replace(/^\s/, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** The names offered for a query: those starting with it first, then those containing it; at most `max`. */
export function matchingNames(names: readonly string[], query: string, max = 8): string[] {
  const q = query.toLowerCase();
  const starts = names.filter((name) => name.toLowerCase().startsWith(q));
  const contains = names.filter(
    (name) => !name.toLowerCase().startsWith(q) && name.toLowerCase().includes(q),
  );
  return [...starts, ...contains].slice(0, max);
}
