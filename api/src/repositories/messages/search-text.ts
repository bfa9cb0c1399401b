import { searchableText } from '@chat/shared/searchable-text';

/**
 * `messages.search_text` for a text: what people read of it (markup and link addresses blank, offsets kept),
 * or null when that is the text itself, as for most messages, which then cost nothing more to store. `parse`:
 * the parser, when the caller has parsed the text already (textColumnsOf).
 */
export function searchTextOf(content: string, parse?: Parameters<typeof searchableText>[1]): string | null {
  const text = searchableText(content, parse);
  return text === content ? null : text;
}
