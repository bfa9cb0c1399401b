import { searchableText } from '@chat/shared/searchable-text';

/**
 * `messages.search_text` for a text: what people read of it (markup and link addresses blank, offsets kept),
 * or null when that is the text itself, as for most messages, which then cost nothing more to store.
 */
export function searchTextOf(content: string): string | null {
  const text = searchableText(content);
  return text === content ? null : text;
}
