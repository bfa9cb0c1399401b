import type { Nodes, Root } from 'mdast';
import { decodeString } from 'micromark-util-decode-string';
import { parseMessage } from './parse-message';

/**
 * Characters without which a text holds no Markdown that hides a non-blank character: emphasis, strikethrough,
 * code, links and images, autolinks, headings, rules, lists, quotes, escapes and character references. A text
 * without them is shown as written (indentation and line ends are blank either way), so it is not parsed.
 */
const MAY_HOLD_MARKUP = /[\\`*_~[\]<>&#=+-]|^[ \t]*\d{1,9}[.)]/m;

/** A character reference as CommonMark reads one; whether it names a character is `decodeString`'s to say. */
const REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/y;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

const isBlank = (char: string) => /\s/.test(char);

/**
 * The words people read in a message, at the places they have in its raw text: a string as long as `content`
 * (in UTF-16 code units) in which every character that is not shown is a space, so offsets found in it
 * (search highlights) are offsets into `content`. Parsed by `parseMessage`, as the renderer parses it.
 *
 * Shown: text (link text and struck-through text included), inline and block code (not their backticks,
 * fences or a fence's info string), an autolink's text, an image's alt text (an image is shown as a link),
 * and raw HTML, which the renderer shows as literal text. Hidden: emphasis, heading, list and quote markers,
 * link destinations and titles, link reference definitions, rules, and the backslash of an escape (`\*`
 * keeps its `*`). A character reference (`&amp;`, `&#233;`) is shown as one character and has no place of
 * its own in the raw text, so it is blank: a word spelt with one (`caf&eacute;`) is found by its other letters.
 * Markup inside a word splits it (`un*believ*able` is found by `believ`). Whitespace is kept as written.
 */
export function searchableText(
  content: string,
  // The API parses a text it stores once for this and for its tree (api/src/repositories/messages/text-columns.ts).
  parse: (content: string) => Root = parseMessage,
): string {
  if (!MAY_HOLD_MARKUP.test(content)) return content;
  const shown = Array.from({ length: content.length }, (_, i) => {
    const char = content[i] as string;
    return isBlank(char) ? char : ' ';
  });

  /**
   * Shows the characters of `content` from `from` to `to` that make up `value`, the node's text as the parser
   * decoded it: each character of `value` in order is matched to the next equal one in the raw text; the
   * others (container markers, closing markup, escapes' backslashes, references) stay blank.
   */
  const showValue = (from: number, to: number, value: string, decoded: boolean) => {
    let j = 0;
    for (let i = from; i < to && j < value.length; i++) {
      const char = content[i];
      if (
        decoded &&
        char === '\\' &&
        ASCII_PUNCTUATION.test(content[i + 1] ?? '') &&
        value[j] === content[i + 1]
      ) {
        shown[i + 1] = value[j++] as string;
        i++;
        continue;
      }
      if (decoded && char === '&') {
        REFERENCE.lastIndex = i;
        const reference = REFERENCE.exec(content)?.[0];
        const character = reference === undefined ? undefined : decodeString(reference);
        if (
          reference !== undefined &&
          character !== reference &&
          value.startsWith(character as string, j) &&
          !value.startsWith(reference, j)
        ) {
          j += (character as string).length;
          i += reference.length - 1;
          continue;
        }
      }
      if (char !== undefined && char === value[j]) {
        shown[i] = char;
        j++;
      }
    }
  };

  const show = (node: Nodes) => {
    const from = node.position?.start.offset;
    const to = node.position?.end.offset;
    if (from === undefined || to === undefined) return;
    switch (node.type) {
      case 'text':
        return showValue(from, to, node.value, true);
      case 'html':
        return showValue(from, to, node.value, false);
      case 'inlineCode':
        return showValue(
          from + (/^`+/.exec(content.slice(from, to))?.[0].length ?? 0),
          to,
          node.value,
          false,
        );
      case 'code': {
        // A fenced block's first line is its fence and info string.
        const fenced = /^[ \t]*(?:```|~~~)/.test(content.slice(from, to));
        const body = fenced ? content.indexOf('\n', from) : from;
        return body < 0 || body >= to ? undefined : showValue(body, to, node.value, false);
      }
      case 'image':
      case 'imageReference':
        // After its `![`.
        return showValue(from + 2, to, node.alt ?? '', true);
      case 'definition':
        return;
    }
    if ('children' in node) for (const child of node.children) show(child);
  };

  show(parse(content));
  return shown.join('');
}
