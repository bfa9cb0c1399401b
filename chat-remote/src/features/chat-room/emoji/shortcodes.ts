import type { Nodes, Root } from 'mdast';

/** A `:name:` as GitHub spells them (`:+1:`, `:t-rex:`, `:1st_place_medal:`). */
const SHORTCODE = /:([a-z0-9_+-]+):/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const KEPT_WHOLE = new Set<Nodes['type']>(['code', 'inlineCode', 'html', 'image', 'definition']);

/** Offsets [start, end) into the raw text where a shortcode is kept as typed. */
export type Range = readonly [start: number, end: number];

/**
 * Where a `:name:` is not a shortcode: code (inline and blocks), raw HTML, link addresses and autolinked URLs
 * (whose colons are the address's, `http://host:8080`). The link text of `[text](url)` is still prose.
 */
export function keptRanges(tree: Root, text: string): Range[] {
  const ranges: Range[] = [];
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (KEPT_WHOLE.has(node.type) || (node.type === 'link' && text[start] !== '[')) {
      ranges.push([start, end]);
      return;
    }
    if (node.type === 'link') {
      // `[text](url)`: the text is prose, what follows its last child is the address.
      const lastChild = node.children.at(-1)?.position?.end.offset ?? start;
      ranges.push([lastChild, end]);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return ranges;
}

/**
 * The text with each known `:name:` replaced by its emoji, except inside `kept` and where the colons touch a
 * letter or digit (`10:100:20` is a time, not 💯; `a:b:c` is not prose). An unknown name stays as typed, and
 * its closing colon may still open the next name.
 */
export function replaceShortcodes(
  text: string,
  shortcodes: ReadonlyMap<string, string>,
  kept: readonly Range[],
) {
  const pattern = new RegExp(SHORTCODE);
  let result = '';
  let copiedTo = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const emoji = shortcodes.get(match[1] ?? '');
    const touching = LETTER_OR_DIGIT.test(text[start - 1] ?? '') || LETTER_OR_DIGIT.test(text[end] ?? '');
    const inKept = kept.some(([from, to]) => start < to && end > from);
    if (!emoji || touching || inKept) {
      pattern.lastIndex = end - 1;
      continue;
    }
    result += text.slice(copiedTo, start) + emoji;
    copiedTo = end;
  }
  return result + text.slice(copiedTo);
}

/** Whether the text may hold a shortcode at all: only then are the shortcodes and the parser loaded. */
export const mayHoldShortcode = (text: string) => new RegExp(SHORTCODE).test(text);
