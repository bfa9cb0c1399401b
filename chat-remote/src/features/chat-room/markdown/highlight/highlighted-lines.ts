import type { CodePiece } from './highlight-code';

/**
 * Code blocks already coloured, by language, theme and text: a block the virtualized feed mounts again
 * (scrolling back and forth) shows its colours from its first paint, without tokenizing again. Bounded:
 * the oldest entry goes when it is full.
 */
const LIMIT = 200;
const lines = new Map<string, CodePiece[][]>();

const keyOf = (code: string, language: string, dark: boolean) => `${language}\n${dark ? 1 : 0}\n${code}`;

export function highlightedLines(code: string, language: string, dark: boolean): CodePiece[][] | undefined {
  return lines.get(keyOf(code, language, dark));
}

export function rememberHighlightedLines(
  code: string,
  language: string,
  dark: boolean,
  value: CodePiece[][],
) {
  if (lines.size >= LIMIT) lines.delete(lines.keys().next().value as string);
  lines.set(keyOf(code, language, dark), value);
}
