import { parseMessage } from '@chat/shared/markdown';
import { mayHaveMarkup } from '@chat/shared/may-have-markup';
import { packTree } from '@chat/shared/message-tree';
import { searchTextOf } from './search-text';

/** The columns written with a message's text, by whoever writes `content` (insert, edit, the test seeder). */
export interface TextColumns {
  /** `messages.search_text` (searchTextOf). */
  searchText: string | null;
  /**
   * `messages.tree` as JSON: the syntax tree `include=tree` sends (docs/api.md), made once when the text is
   * written rather than on the first read of each page in each process; null for a text with no Markdown-like
   * character, which readers show as it is (migration 0018).
   */
  tree: string | null;
}

/** Both from one parse of the text: a formatted message is parsed once when it is stored, not twice. */
export function textColumnsOf(content: string): TextColumns {
  let root: ReturnType<typeof parseMessage> | undefined;
  const parse = (text: string) => {
    root ??= parseMessage(text);
    return root;
  };
  const tree = mayHaveMarkup(content) ? packTree(parse(content), content) : null;
  return { searchText: searchTextOf(content, parse), tree: tree && JSON.stringify(tree) };
}
