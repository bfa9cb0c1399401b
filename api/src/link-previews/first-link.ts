import { parseMessage } from '@chat/shared/markdown';

type Node = { type: string; url?: string; children?: Node[] };

/**
 * The first http(s) link of a message as the renderer sees it (GitHub autolinks and `[text](url)`), never
 * one inside code, which `parseMessage` keeps as text: the link its preview is of, or null.
 */
export function firstLink(content: string): string | null {
  const walk = (node: Node): string | null => {
    if (node.type === 'link' && node.url && /^https?:\/\//i.test(node.url)) return node.url;
    for (const child of node.children ?? []) {
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  return walk(parseMessage(content) as Node);
}
