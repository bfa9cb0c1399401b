import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';

/**
 * A message's text as the syntax tree everyone reads it by: CommonMark plus GitHub's autolinks and
 * strikethrough (no tables, task lists or raw HTML: HTML in a message stays text, see the renderer).
 * One parser for the chat remote's renderer and the API's search, so what is searched is what is shown.
 * Every node keeps its `position` (offsets into the raw content), which is how mentions and search
 * highlights, found in the raw text, are placed inside the formatted text.
 */
export function parseMessage(content: string): Root {
  return fromMarkdown(content, {
    extensions: [gfmAutolinkLiteral(), gfmStrikethrough({ singleTilde: false })],
    mdastExtensions: [gfmAutolinkLiteralFromMarkdown(), gfmStrikethroughFromMarkdown()],
  });
}
