import { describe, expect, it } from '@rstest/core';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { parseMessage } from './parse-message';

/** Every extension on every message, as parseMessage did before it chose them per message. */
const withEveryExtension = (content: string) =>
  fromMarkdown(content, {
    extensions: [gfmAutolinkLiteral(), gfmStrikethrough({ singleTilde: false })],
    mdastExtensions: [gfmAutolinkLiteralFromMarkdown(), gfmStrikethroughFromMarkdown()],
  });

describe('parseMessage', () => {
  it.each([
    'plain words, as most messages are',
    '**bold** and _italic_ and `code`',
    'a link https://example.com/a?b=c, then more',
    'HTTPS://EXAMPLE.COM/LOUD and Http://mixed.example',
    'www.example.com and WWW.EXAMPLE.ORG/path',
    'www without a dot, http: without slashes, https:/one slash',
    'mail me at someone@example.com or mailto:ops@example.com',
    'xmpp:chat@example.com and a lone @ sign and @alice',
    '~~struck~~ and ~single~ and a ~ alone',
    '~~struck~~ with https://example.com/x inside and a@b.co',
    '`https://not.a.link` in code, and ```\nwww.example.com\n```',
    '> quoted www.example.com\n- listed https://example.com\n- ~~done~~',
    '[text](https://example.com) and <https://example.com/auto>',
    'snake_case_words and a+b-c.d_e without any at-sign',
    '',
  ])('gives the tree every extension gives: %j', (content) => {
    expect(parseMessage(content)).toEqual(withEveryExtension(content));
  });

  it('makes links of bare addresses and strikes through, where they are', () => {
    const tree = parseMessage('see www.example.com or a@b.co, ~~not~~ this');
    const types = JSON.stringify(tree).match(/"type":"(link|delete)"/g);
    expect(types).toEqual(['"type":"link"', '"type":"link"', '"type":"delete"']);
  });
});
