import type { GlobalToken } from 'antd';
import type { Nodes, Root, RootContent } from 'mdast';
import type { CSSProperties, ReactNode } from 'react';
import { CodeBlock } from './code-block';
import { type DecorationStyles, decoratedText, decorationStyles } from './decorated-text';
import type { Decorations } from './decorations';
import { linkHref } from './link-href';

interface Context {
  content: string;
  decorations: Decorations;
  styles: MarkdownStyles;
}

/** How the renderer's elements look, from the theme. */
export interface MarkdownStyles {
  /** A message that is one paragraph, formatted or not: the same box either way, so nothing moves. */
  onlyParagraph: CSSProperties;
  paragraph: CSSProperties;
  lastParagraph: CSSProperties;
  /** '# x' as bold text: a message puts no heading in the page's outline. */
  heading: CSSProperties;
  quote: CSSProperties;
  list: CSSProperties;
  inlineCode: CSSProperties;
  rule: CSSProperties;
  link: CSSProperties;
  decorations: DecorationStyles;
}

/** A message of several blocks: never wider than the row, a long word broken rather than the row widened. */
const BLOCKS_STYLE = { minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' } as const;

const stylesByToken = new WeakMap<GlobalToken, MarkdownStyles>();

/**
 * The styles of a theme, made once per theme rather than once per message: a long room mounts and
 * unmounts rows as it scrolls, and each row building them (and asking antd for the theme) again was a
 * measurable part of scrolling back through formatted messages (bench/README.md, rich text).
 */
export function markdownStyles(token: GlobalToken): MarkdownStyles {
  const known = stylesByToken.get(token);
  if (known) return known;
  const gap = { margin: 0, marginBlockStart: 0, marginBlockEnd: 4 };
  const styles: MarkdownStyles = {
    onlyParagraph: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
    paragraph: { ...gap, whiteSpace: 'pre-wrap' },
    lastParagraph: { ...gap, whiteSpace: 'pre-wrap', marginBlockEnd: 0 },
    heading: { ...gap, whiteSpace: 'pre-wrap', fontWeight: 600 },
    quote: {
      ...gap,
      paddingInlineStart: 8,
      borderInlineStart: `3px solid ${token.colorBorder}`,
      color: token.colorTextSecondary,
    },
    list: { ...gap, paddingInlineStart: 20 },
    inlineCode: {
      fontFamily: token.fontFamilyCode,
      fontSize: '0.9em',
      padding: '0 4px',
      borderRadius: token.borderRadiusSM,
      background: token.colorFillTertiary,
    },
    // Underlined, so told apart from the text without relying on colour; the dark theme's derived link
    // violet is 3.4:1 on a message (AA asks 4.5:1), the primary text colour is well above.
    link: { color: token.colorPrimaryText, textDecoration: 'underline' },
    rule: { ...gap, border: 'none', borderBlockStart: `1px solid ${token.colorSplit}` },
    decorations: decorationStyles(token),
  };
  stylesByToken.set(token, styles);
  return styles;
}

/**
 * A text-like node's words with mentions and highlights, which are ranges of the raw text: only where the
 * node's value is exactly its source (an escape or an entity changes it) can they be placed inside it.
 */
function textOf(value: string, node: Nodes, context: Context): ReactNode {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !value) return value;
  const source = context.content.slice(start, end);
  const at = source === value ? 0 : node.type === 'inlineCode' ? source.indexOf(value) : -1;
  if (at < 0) return value;
  return decoratedText(
    context.content,
    start + at,
    start + at + value.length,
    context.decorations,
    context.styles.decorations,
  );
}

/**
 * The nodes are rendered by plain calls, not a component per node: a formatted message is a dozen or so
 * nodes, and a component each (with one more for each run of text) doubled the fibers React builds when a
 * page of history mounts; only the code block, which has state, is a component. A node whose children are
 * one run of text (`**bold**`, most links) gets that text alone, not a list of one: React then sets it as
 * the element's text and builds no fiber for it.
 */
function children(node: { children: RootContent[] }, context: Context): ReactNode {
  const [only] = node.children;
  if (only && node.children.length === 1) return element(only, context, 0);
  return node.children.map((child, index) => element(child, context, index));
}

function link(href: string | null, label: ReactNode, context: Context, key: number): ReactNode {
  if (!href) return <span key={key}>{label}</span>;
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer" style={context.styles.link}>
      {label}
    </a>
  );
}

/**
 * One node of the tree as React elements, from a closed list: anything a message holds is shown as text
 * unless this switch knows it. No element takes its attributes from the message but a link's checked href.
 */
function element(node: Nodes, context: Context, key: number): ReactNode {
  const { styles } = context;
  switch (node.type) {
    case 'root':
      return children(node, context);
    case 'paragraph':
      return (
        <p key={key} style={styles.paragraph}>
          {children(node, context)}
        </p>
      );
    // A message is not a document: '# x' must not put a heading in the page's outline, which screen
    // reader users move through. It keeps its emphasis as bold text.
    case 'heading':
      return (
        <p key={key} style={styles.heading}>
          {children(node, context)}
        </p>
      );
    case 'thematicBreak':
      return <hr key={key} style={styles.rule} />;
    case 'blockquote':
      return (
        <blockquote key={key} style={styles.quote}>
          {children(node, context)}
        </blockquote>
      );
    case 'list':
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined} style={styles.list}>
          {children(node, context)}
        </ol>
      ) : (
        <ul key={key} style={styles.list}>
          {children(node, context)}
        </ul>
      );
    case 'listItem':
      return <li key={key}>{children(node, context)}</li>;
    case 'code':
      return <CodeBlock key={key} code={node.value} language={node.lang ?? null} />;
    case 'inlineCode':
      return (
        <code key={key} style={styles.inlineCode}>
          {textOf(node.value, node, context)}
        </code>
      );
    case 'emphasis':
      return <em key={key}>{children(node, context)}</em>;
    case 'strong':
      return <strong key={key}>{children(node, context)}</strong>;
    case 'delete':
      return <del key={key}>{children(node, context)}</del>;
    case 'break':
      return <br key={key} />;
    case 'link':
      return link(linkHref(node.url), children(node, context), context, key);
    // Never loaded: an image in a message would tell its host who reads the room, and when.
    case 'image':
      return link(linkHref(node.url), node.alt || node.url, context, key);
    // Raw HTML is not markup here: it is shown as typed.
    case 'text':
    case 'html':
      return textOf(node.value, node, context);
    default: {
      // Reference-style links and definitions (and anything unknown) are shown as they were typed.
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      return start === undefined || end === undefined ? null : context.content.slice(start, end);
    }
  }
}

/**
 * A message's Markdown as React elements: the blocks, with `trailer` ('(edited)') at the end of the last
 * paragraph as in a plain message, or after the blocks when the message ends with a list or code. A plain
 * call from the message's text, not a component: it has no state, and a component would be one more fiber
 * for every formatted row a page of history mounts.
 */
export function messageMarkdown({
  tree,
  content,
  decorations,
  styles,
  trailer,
}: {
  tree: Root;
  content: string;
  decorations: Decorations;
  /** markdownStyles of the theme, from the caller, which has the theme already. */
  styles: MarkdownStyles;
  trailer?: ReactNode;
}) {
  const context: Context = { content, decorations, styles };
  const [first] = tree.children;
  // Most messages are one paragraph: that paragraph is the whole box, one element fewer a row.
  if (tree.children.length === 1 && first?.type === 'paragraph')
    return (
      <p style={styles.onlyParagraph}>
        {children(first, context)}
        {trailer}
      </p>
    );
  const last = tree.children.at(-1);
  const blocks = tree.children.map((child, index) =>
    child === last && child.type === 'paragraph' ? (
      <p key={index} style={styles.lastParagraph}>
        {children(child, context)}
        {trailer}
      </p>
    ) : (
      element(child, context, index)
    ),
  );
  return (
    <div style={BLOCKS_STYLE}>
      {blocks}
      {trailer && last?.type !== 'paragraph' && <div>{trailer}</div>}
    </div>
  );
}
