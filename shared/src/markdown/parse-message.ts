import type { Root } from 'mdast';
import { fromMarkdown, type Options } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';

const autolinks = { syntax: gfmAutolinkLiteral(), tree: gfmAutolinkLiteralFromMarkdown() };
const strikethrough = {
  syntax: gfmStrikethrough({ singleTilde: false }),
  tree: gfmStrikethroughFromMarkdown(),
};

/**
 * Whether GitHub's literal autolinks could match anywhere in a text: each kind needs one of these (an email
 * address or `mailto:` an `@`, the others their prefix), in any case. The extension tries its email rule at
 * the start of every word, so leaving it out where it cannot match, and making the options once, parse a
 * message in 55 µs rather than 95 warm (0.28 ms rather than 0.34 in the bench's room in Chromium:
 * bench/README.md, rich text); the tree is the same (parse-message.test.ts).
 */
const MAY_AUTOLINK = /@|www\.|https?:\/\//i;

/** The parser's options with only the extensions a text can use, made once: index by autolinks + 2 × strikes. */
const OPTIONS: readonly Options[] = [[], [autolinks], [strikethrough], [autolinks, strikethrough]].map(
  (used) => ({
    extensions: used.map((extension) => extension.syntax),
    mdastExtensions: used.map((extension) => extension.tree),
  }),
);

/**
 * A message's text as the syntax tree everyone reads it by: CommonMark plus GitHub's autolinks and
 * strikethrough (no tables, task lists or raw HTML: HTML in a message stays text, see the renderer).
 * One parser for the chat remote's renderer and the API's search, so what is searched is what is shown.
 * Every node keeps its `position` (offsets into the raw content), which is how mentions and search
 * highlights, found in the raw text, are placed inside the formatted text.
 */
export function parseMessage(content: string): Root {
  const options = OPTIONS[(MAY_AUTOLINK.test(content) ? 1 : 0) + (content.includes('~') ? 2 : 0)];
  return fromMarkdown(content, options);
}
