import { describe, expect, it } from '@rstest/core';
import type { Nodes } from 'mdast';
import { packTree, unpackTree } from './message-tree';
import { parseMessage } from './parse-message';

/** What a reader of the tree uses: each node's type, position, text and link, level and list numbering. */
function kept(node: Nodes): unknown {
  const { type, position } = node;
  return {
    type,
    position: position && { start: position.start, end: position.end },
    value: 'value' in node ? node.value : undefined,
    url: node.type === 'link' || node.type === 'image' ? node.url : undefined,
    alt: node.type === 'image' ? node.alt || null : undefined,
    lang: node.type === 'code' ? node.lang || null : undefined,
    depth: node.type === 'heading' ? node.depth : undefined,
    list: node.type === 'list' ? [Boolean(node.ordered), node.start ?? null] : undefined,
    children: 'children' in node ? (node.children as Nodes[]).map(kept) : undefined,
  };
}

const texts = [
  'plain words, as most messages are',
  '**bold** and _italic_ and `code`, ~~struck~~',
  'a link https://example.com/a?b=c, www.example.com and mailto:ops@example.com',
  '# heading\n\n## second\n\n> quoted *x*\n\n- one\n- two\n\n3. three\n4. four\n\n---',
  '```ts\nconst a = 1;\n```\n\n    indented code\n\nafter',
  '&lt;b&gt; \\*not emphasis\\* &amp; <b>html</b>',
  '[text](https://example.com "title") ![alt](https://example.com/i.png) ![](x)',
  '[x][r]\n\n[r]: https://example.com',
  'line one  \nline two\\\nline three',
  'emoji 🎉 and CJK 漢字 before **bold 🎉**',
  '',
];

describe('a message tree as the API sends it', () => {
  it.each(texts)('unpacks to the tree parsed here: %j', (content) => {
    const parsed = parseMessage(content);
    const packed = packTree(parsed, content);
    const unpacked = unpackTree(JSON.parse(JSON.stringify(packed)), content);
    expect(unpacked && kept(unpacked)).toEqual(kept(parsed));
  });

  it('sends a text node as its offsets only, where its value is the text it stands on', () => {
    const packed = packTree(parseMessage('say **hi** &amp; go'), 'say **hi** &amp; go');
    expect(packed).toEqual([
      { type: 'paragraph', start: 0, end: 19, child_count: 3 },
      { type: 'text', start: 0, end: 4 },
      { type: 'strong', start: 4, end: 10, child_count: 1 },
      { type: 'text', start: 6, end: 8 },
      { type: 'text', start: 10, end: 19, value: ' & go' },
    ]);
  });

  it.each([
    ['not a list', { type: 'text', start: 0, end: 2 }],
    ['a node that is not an object', ['text']],
    ['an end past the text', [{ type: 'text', start: 0, end: 3 }]],
    ['a start after its end', [{ type: 'text', start: 2, end: 1 }]],
    ['a fractional offset', [{ type: 'text', start: 0.5, end: 1 }]],
    ['a negative offset', [{ type: 'text', start: -1, end: 1 }]],
    ['a type that is not a string', [{ type: 7, start: 0, end: 1 }]],
    [
      'children of a text',
      [
        { type: 'text', start: 0, end: 2, child_count: 1 },
        { type: 'text', start: 0, end: 1 },
      ],
    ],
    ['more children than nodes sent', [{ type: 'paragraph', start: 0, end: 2, child_count: 2 }]],
    ['a link without its address', [{ type: 'link', start: 0, end: 2, child_count: 0 }]],
    ['a value that is not a string', [{ type: 'text', start: 0, end: 2, value: 5 }]],
    ['a heading level that is not a number', [{ type: 'heading', start: 0, end: 2, depth: '1' }]],
  ])('refuses %s: the reader parses the text itself', (_case, sent) => {
    expect(unpackTree(sent, 'hi')).toBeNull();
  });
});
