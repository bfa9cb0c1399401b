import type { Nodes, Parents, Root, RootContent } from 'mdast';
import type { MessageTree, MessageTreeNode } from '../schemas/message';

const VALUED = new Set(['text', 'inlineCode', 'code', 'html']);
const PARENTS = new Set([
  'root',
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/**
 * A parsed message as the API sends it; null when a node has no position (a parser that does not track
 * them), so no tree is sent rather than a wrong one.
 */
export function packTree(root: Root, content: string): MessageTree | null {
  const nodes: MessageTree = [];
  const visit = (node: Nodes): boolean => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return false;
    const packed: MessageTreeNode = { type: node.type, start, end };
    nodes.push(packed);
    if ('value' in node && node.value !== content.slice(start, end)) packed.value = node.value;
    if (node.type === 'link' || node.type === 'image') packed.url = node.url;
    if (node.type === 'image' && node.alt) packed.alt = node.alt;
    if (node.type === 'code' && node.lang) packed.lang = node.lang;
    if (node.type === 'heading') packed.depth = node.depth;
    if (node.type === 'list') {
      packed.ordered = Boolean(node.ordered);
      if (typeof node.start === 'number') packed.first_number = node.start;
    }
    if (!('children' in node)) return true;
    packed.child_count = node.children.length;
    return (node.children as Nodes[]).every(visit);
  };
  return root.children.every(visit) ? nodes : null;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const optional = (value: unknown, kind: 'string' | 'boolean') => value === undefined || typeof value === kind;

type PointAt = (offset: number) => { line: number; column: number; offset: number };

/** Offsets to mdast points (line and column from 1), with the line starts found once. */
function pointsOf(content: string): PointAt {
  const lineStarts = [0];
  for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  return (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1, offset };
  };
}

/** One sent node, checked, as mdast; null when it is not a node of a tree of `content`. */
function nodeOf(sent: unknown, content: string, point: PointAt) {
  if (typeof sent !== 'object' || sent === null) return null;
  const node = sent as Record<string, unknown>;
  const { type, start, end, child_count: count } = node;
  if (typeof type !== 'string' || !isCount(start) || !isCount(end) || start > end || end > content.length)
    return null;
  if (count !== undefined && !(isCount(count) && PARENTS.has(type))) return null;
  if (!optional(node.value, 'string') || !optional(node.url, 'string') || !optional(node.alt, 'string'))
    return null;
  if (!optional(node.lang, 'string') || !optional(node.ordered, 'boolean')) return null;
  if (node.depth !== undefined && !isCount(node.depth)) return null;
  if (node.first_number !== undefined && !isCount(node.first_number)) return null;
  if ((type === 'link' || type === 'image') && typeof node.url !== 'string') return null;
  const built: Record<string, unknown> = { type, position: { start: point(start), end: point(end) } };
  if (VALUED.has(type)) built.value = node.value ?? content.slice(start, end);
  if (node.url !== undefined) built.url = node.url;
  if (type === 'image') built.alt = node.alt ?? null;
  if (type === 'code') built.lang = node.lang ?? null;
  if (type === 'heading') built.depth = node.depth ?? 1;
  if (type === 'list') {
    built.ordered = node.ordered ?? false;
    built.start = node.first_number ?? null;
  }
  if (PARENTS.has(type)) built.children = [];
  return { built: built as unknown as RootContent, count: (count as number | undefined) ?? 0 };
}

/**
 * A sent tree as the mdast the renderer reads, checked against its message: every node's type a string and
 * its offsets within `content`, every count within the nodes sent, and no node left over. Anything else is
 * null, and the reader parses the message itself, as it does for a message that came without a tree.
 */
export function unpackTree(sent: unknown, content: string): Root | null {
  if (!Array.isArray(sent)) return null;
  const point = pointsOf(content);
  const root: Root = {
    type: 'root',
    children: [],
    position: { start: point(0), end: point(content.length) },
  };
  let next = 0;
  const fill = (parent: Parents, count: number): boolean => {
    for (let index = 0; index < count; index += 1) {
      if (next >= sent.length) return false;
      const node = nodeOf(sent[next], content, point);
      next += 1;
      if (!node) return false;
      (parent.children as RootContent[]).push(node.built);
      if (node.count && !fill(node.built as Parents, node.count)) return false;
    }
    return true;
  };
  while (next < sent.length) if (!fill(root, 1)) return null;
  return root;
}
