import type { Nodes } from 'mdast';

const BLOCKS = new Set(['root', 'blockquote', 'list', 'listItem', 'paragraph', 'heading']);

/**
 * What a reader sees of a message, without its markup, on one line: the words of text, code, links and
 * image descriptions, blocks joined by a space. HTML stays as typed (the renderer shows it as text too).
 */
export function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
    case 'html':
      return node.value;
    case 'image':
      return node.alt || node.url;
    case 'break':
      return ' ';
    case 'definition':
      return '';
    default: {
      if (!('children' in node)) return '';
      const parts = (node.children as Nodes[]).map(plainText);
      if (!BLOCKS.has(node.type)) return parts.join('');
      return parts.join(' ').replace(/\s+/g, ' ').trim();
    }
  }
}
