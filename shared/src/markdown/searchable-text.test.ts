import { describe, expect, it } from '@rstest/core';
import { searchableText } from './searchable-text';

describe('searchableText', () => {
  it.each([
    ['plain text, as written', 'plain words, 3.5 of them!', 'plain words, 3.5 of them!'],
    ['bold and italic: the words, not the markers', '**bold** and _it_', '  bold   and  it '],
    [
      'a link: its text, not its address or title',
      '[text](https://addr.example "title")',
      ' text                               ',
    ],
    [
      'a reference link: its text, not the definition',
      '[t][r]\n\n[r]: https://hidden',
      ' t    \n\n                   ',
    ],
    ['an autolink: its address is its text', 'see <https://x.example/a>', 'see  https://x.example/a '],
    ['a bare address (GitHub autolink)', 'at www.y.example now', 'at www.y.example now'],
    ['inline code: the code, not the backticks', '`code` and ``a`b``', ' code  and   a`b  '],
    [
      'a fenced block: the code, not the fences or the info string',
      '```js\nconst x = 1;\n```',
      '     \nconst x = 1;\n   ',
    ],
    ['an indented block', '    indented code', '    indented code'],
    [
      'an image: its alt text (shown as a link), not its address',
      '![alt *text*](https://img.example/p.png)',
      '  alt  text                             ',
    ],
    ['escapes: the character, not the backslash', 'a\\*b \\_c\\_', 'a *b  _c _'],
    [
      'character references: blank (no place of their own)',
      'AT&amp;T caf&eacute; x&#128512;',
      'AT     T caf         x         ',
    ],
    ['an unknown reference is text', 'a &foo; b', 'a &foo; b'],
    ['raw HTML is shown as text', '<b>bold</b> <!-- c -->', '<b>bold</b> <!-- c -->'],
    [
      'headings, quotes and list markers',
      '# Title\n> quoted\n\n- one\n1. first',
      '  Title\n  quoted\n\n  one\n   first',
    ],
    ['strikethrough text is read', '~~gone~~ stays', '  gone   stays'],
    ['markup inside a word splits it', 'un*believ*able', 'un believ able'],
    ['hard breaks and rules', 'a\\\nb\n\n---', 'a \nb\n\n   '],
    ['underscores inside a word are text', 'snake_case_word', 'snake_case_word'],
    ['an emoji counts two code units, as in the raw text', '😀 **b**', '😀   b  '],
  ])('%s', (_, content, expected) => {
    const searchable = searchableText(content);
    expect(searchable).toBe(expected);
    expect(searchable).toHaveLength(content.length);
  });

  it('keeps an escaped backslash and the escaped characters at their places', () => {
    expect(searchableText('\\\\ and \\[x\\]')).toBe(' \\ and  [x ]');
  });

  it('keeps line ends, so each line of a quote or a code block is its own', () => {
    expect(searchableText('> one\n> two')).toBe('  one\n  two');
    expect(searchableText('~~~\na\r\nb\n~~~')).toBe('   \na\r\nb\n   ');
  });
});
