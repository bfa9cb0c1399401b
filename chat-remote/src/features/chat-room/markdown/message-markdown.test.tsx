import { parseMessage } from '@chat/shared/markdown';
import { packTree, unpackTree } from '@chat/shared/message-tree';
import { describe, expect, it } from '@rstest/core';
import { render } from '@testing-library/react';
import { theme } from 'antd';
import type { Root } from 'mdast';
import { decorationsOf } from './decorations';
import { markdownStyles, messageMarkdown } from './message-markdown';

const ALLOWED_TAGS = new Set([
  'DIV',
  'P',
  'SPAN',
  'STRONG',
  'EM',
  'DEL',
  'CODE',
  'PRE',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'A',
  'BR',
  'HR',
  'MARK',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'style',
  'href',
  'target',
  'rel',
  'data-mention',
  'tabindex',
  'start',
  'data-language',
]);

type RenderOptions = { mentions?: string[]; highlights?: { start: number; end: number }[] };

function renderTree(tree: Root, content: string, options: RenderOptions) {
  return render(
    messageMarkdown({
      tree,
      content,
      decorations: decorationsOf(content, options.mentions ?? [], options.highlights),
      styles: markdownStyles(theme.getDesignToken()),
    }),
  ).container;
}

/** Nothing but the renderer's own elements and attributes, and links only to http, https and mailto. */
function expectSafe(container: HTMLElement) {
  for (const element of container.querySelectorAll('*')) {
    expect(ALLOWED_TAGS).toContain(element.tagName);
    for (const attribute of element.attributes) expect(ALLOWED_ATTRIBUTES).toContain(attribute.name);
  }
  for (const link of container.querySelectorAll('a')) {
    expect(['http:', 'https:', 'mailto:']).toContain(new URL(link.getAttribute('href') ?? '').protocol);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  }
}

const hostile: [input: string, shownText: string][] = [
  ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ['<a href="javascript:alert(1)">x</a>', '<a href="javascript:alert(1)">x</a>'],
  ['<iframe src="https://evil.test"></iframe>', '<iframe src="https://evil.test"></iframe>'],
  ['<svg onload=alert(1)>', '<svg onload=alert(1)>'],
  ['<style>body{display:none}</style>', '<style>body{display:none}</style>'],
  ['<div>\n*x*\n</div>', '<div>'],
  ['[x](javascript:alert(1))', 'x'],
  ['[x](JaVaScRiPt:alert(1))', 'x'],
  ['[x]( javascript:alert(1))', 'x'],
  ['[x](java\tscript:alert(1))', 'x'],
  ['[x](&#106;avascript:alert(1))', 'x'],
  ['[x](javascript&colon;alert(1))', 'x'],
  ['[x](data:text/html,<script>alert(1)</script>)', 'x'],
  ['[x](vbscript:msgbox(1))', 'x'],
  ['[x](file:///etc/passwd)', 'x'],
  ['[x](/relative/path)', 'x'],
  ['[x](//evil.test/path)', 'x'],
  ['<javascript:alert(1)>', 'javascript:alert(1)'],
  ['![x](https://evil.test/x.png)', 'x'],
  ['![x](javascript:alert(1))', 'x'],
  ['[x][r]\n\n[r]: javascript:alert(1)', 'x'],
  ['[**x**](https://ok.test "title")', 'x'],
  ['```html\n<script>alert(1)</script>\n```', '<script>alert(1)</script>'],
  ['`<b onclick=alert(1)>`', '<b onclick=alert(1)>'],
  ['&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>'],
];

/**
 * Every test twice: with the tree parsed here, and with the same tree as the API sends it (`include=tree`) and
 * the reader unpacks it, which must render exactly the same.
 */
const treeSources: [source: string, treeOf: (content: string) => Root][] = [
  ['parsed here', parseMessage],
  ['sent by the API', (content) => unpackTree(packTree(parseMessage(content), content), content) as Root],
];

describe.each(treeSources)('a tree %s', (_source, treeOf) => {
  const renderMarkdown = (content: string, options: RenderOptions = {}) =>
    renderTree(treeOf(content), content, options);

  describe('messageMarkdown against hostile input', () => {
    it.each(hostile)('%s makes no markup of its own', (input, shownText) => {
      const container = renderMarkdown(input);
      expectSafe(container);
      expect(container.textContent).toContain(shownText);
      expect(
        container.querySelector('script, img, iframe, svg, style, object, embed, form, input'),
      ).toBeNull();
    });

    it('makes no link of a refused address', () => {
      for (const input of [
        '[x](javascript:alert(1))',
        '[x](data:text/html,hi)',
        '<javascript:alert(1)>',
        '[x](vbscript:x)',
      ]) {
        expect(renderMarkdown(input).querySelector('a')).toBeNull();
      }
    });

    it('shows a Markdown image as a link to it, never loading it', () => {
      const container = renderMarkdown('![the chart](https://cdn.test/chart.png)');
      expect(container.querySelector('img')).toBeNull();
      const link = container.querySelector('a');
      expect(link?.textContent).toBe('the chart');
      expect(link?.getAttribute('href')).toBe('https://cdn.test/chart.png');
    });
  });

  describe('messageMarkdown formatting', () => {
    it('renders bold, italic, strike, inline code, quotes and lists', () => {
      const container = renderMarkdown('**b** _i_ ~~s~~ `c`\n\n> quoted\n\n- one\n- two\n\n1. first');
      expectSafe(container);
      expect(container.querySelector('strong')?.textContent).toBe('b');
      expect(container.querySelector('em')?.textContent).toBe('i');
      expect(container.querySelector('del')?.textContent).toBe('s');
      expect(container.querySelector('code')?.textContent).toBe('c');
      expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
      expect([...container.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual([
        'one',
        'two',
      ]);
      expect(container.querySelector('ol li')?.textContent).toBe('first');
    });

    it('nests emphasis', () => {
      const container = renderMarkdown('***both*** and **bold _and italic_**');
      expect(container.querySelector('strong em, em strong')?.textContent).toBe('both');
      expect(container.querySelector('strong > em')?.textContent).toBe('and italic');
    });

    it('links bare http(s), www and mailto addresses, in a new tab without an opener', () => {
      const container = renderMarkdown(
        'see https://example.test/a?b=1 or mailto:me@example.test or www.example.test',
      );
      expectSafe(container);
      const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual([
        'https://example.test/a?b=1',
        'mailto:me@example.test',
        'http://www.example.test/',
      ]);
    });

    it('shows a heading as bold text, not as a heading of the page', () => {
      const container = renderMarkdown('# Title');
      expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
      expect(container.textContent).toBe('Title');
    });

    it('keeps a fenced code block as typed, scrolling inside itself', () => {
      const long = `const x = "${'a'.repeat(400)}";`;
      const container = renderMarkdown(`\`\`\`unknownlang\n${long}\n\`\`\``);
      const pre = container.querySelector('pre');
      expect(pre?.textContent).toBe(long);
      expect(pre?.style.overflowX).toBe('auto');
      expect(pre?.style.whiteSpace).toBe('pre');
      expect(pre?.getAttribute('tabindex')).toBe('0');
    });

    it('shows a mention inside bold text', () => {
      const container = renderMarkdown('hi **@bob and you**', { mentions: ['bob'] });
      const mention = container.querySelector('strong [data-mention="bob"]');
      expect(mention?.textContent).toBe('@bob');
    });

    it('shows a search highlight across a bold boundary in each part', () => {
      const content = 'plain **bold** tail';
      const start = content.indexOf('ain');
      const end = content.indexOf('ld') + 2;
      const container = renderMarkdown(content, { highlights: [{ start, end }] });
      expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
        'ain ',
        'bold',
      ]);
    });

    it('shows a mention in inline code and a highlight in a link', () => {
      const content = '`@bob` https://example.test';
      const at = content.indexOf('example');
      const container = renderMarkdown(content, {
        mentions: ['bob'],
        highlights: [{ start: at, end: at + 7 }],
      });
      expect(container.querySelector('code [data-mention="bob"]')).not.toBeNull();
      expect(container.querySelector('a mark')?.textContent).toBe('example');
    });

    it('shows text changed by an escape plainly, without misplaced decorations', () => {
      const content = '\\*not bold\\* @bob';
      const container = renderMarkdown(content, { mentions: ['bob'] });
      expect(container.textContent).toBe('*not bold* @bob');
      expect(container.querySelector('strong')).toBeNull();
    });
  });
});
