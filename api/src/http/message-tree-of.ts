import { parseMessage } from '@chat/shared/markdown';
import { mayHaveMarkup } from '@chat/shared/may-have-markup';
import { packTree } from '@chat/shared/message-tree';
import type { MessageTree } from '@chat/shared/schemas';
import { LRUCache } from 'lru-cache';

/**
 * Trees already made, by text: a room's newest page is read by every member who opens it, and a tree depends
 * on the text alone. About a kilobyte each, so this holds a few megabytes at most.
 */
const trees = new LRUCache<string, MessageTree | false>({ max: 5000 });

/**
 * A message's syntax tree as `include=tree` sends it (docs/api.md), or undefined for a text with no
 * Markdown-like character, which a reader shows as it is: `stored`, the tree written with the text
 * (`messages.tree`), or else parsed here, once (a message stored before trees were, or by an earlier release).
 * Either spares every reader's browser the parse (a phone's main thread: bench/README.md, rich text), with
 * the one parser readers use too.
 */
export function messageTreeOf(content: string, stored?: MessageTree | null): MessageTree | undefined {
  if (!mayHaveMarkup(content)) return undefined;
  if (stored) return stored;
  let tree = trees.get(content);
  if (tree === undefined) {
    tree = packTree(parseMessage(content), content) ?? false;
    trees.set(content, tree);
  }
  return tree || undefined;
}
