import { theme } from 'antd';
import type { Nodes, Root, RootContent } from 'mdast';
import type { CSSProperties, ReactNode } from 'react';
import { CodeBlock } from './code-block';
import { DecoratedText, type DecorationStyles, decorationStyles } from './decorated-text';
import type { Decorations } from './decorations';
import { linkHref } from './link-href';

interface Context {
  content: string;
  decorations: Decorations;
  /** False where the text sits inside a control (a search result): links are shown as their text. */
  linkable: boolean;
  styles: Record<'paragraph' | 'quote' | 'list' | 'inlineCode' | 'rule' | 'link', CSSProperties>;
  decorationStyles: DecorationStyles;
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
  return (
    <DecoratedText
      content={context.content}
      start={start + at}
      end={start + at + value.length}
      decorations={context.decorations}
      styles={context.decorationStyles}
    />
  );
}

function children(node: { children: RootContent[] }, context: Context): ReactNode {
  return node.children.map((child, index) => <Node key={index} node={child} context={context} />);
}

function Link({ href, label, context }: { href: string | null; label: ReactNode; context: Context }) {
  if (!href || !context.linkable) return <span>{label}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" style={context.styles.link}>
      {label}
    </a>
  );
}

/**
 * One node of the tree as React elements, from a closed list: anything a message holds is shown as text
 * unless this switch knows it. No element takes its attributes from the message but a link's checked href.
 */
function Node({ node, context }: { node: Nodes; context: Context }): ReactNode {
  const { styles } = context;
  switch (node.type) {
    case 'root':
      return children(node, context);
    case 'paragraph':
      return <p style={styles.paragraph}>{children(node, context)}</p>;
    // A message is not a document: '# x' must not put a heading in the page's outline, which screen
    // reader users move through. It keeps its emphasis as bold text.
    case 'heading':
      return <p style={{ ...styles.paragraph, fontWeight: 600 }}>{children(node, context)}</p>;
    case 'thematicBreak':
      return <hr style={styles.rule} />;
    case 'blockquote':
      return <blockquote style={styles.quote}>{children(node, context)}</blockquote>;
    case 'list':
      return node.ordered ? (
        <ol start={node.start ?? undefined} style={styles.list}>
          {children(node, context)}
        </ol>
      ) : (
        <ul style={styles.list}>{children(node, context)}</ul>
      );
    case 'listItem':
      return <li>{children(node, context)}</li>;
    case 'code':
      return <CodeBlock code={node.value} language={node.lang ?? null} />;
    case 'inlineCode':
      return <code style={styles.inlineCode}>{textOf(node.value, node, context)}</code>;
    case 'emphasis':
      return <em>{children(node, context)}</em>;
    case 'strong':
      return <strong>{children(node, context)}</strong>;
    case 'delete':
      return <del>{children(node, context)}</del>;
    case 'break':
      return <br />;
    case 'link':
      return <Link href={linkHref(node.url)} label={children(node, context)} context={context} />;
    // Never loaded: an image in a message would tell its host who reads the room, and when.
    case 'image':
      return <Link href={linkHref(node.url)} label={node.alt || node.url} context={context} />;
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
 * paragraph as in a plain message, or after the blocks when the message ends with a list or code.
 */
export function MessageMarkdown({
  tree,
  content,
  decorations,
  trailer,
  linkable = true,
}: {
  tree: Root;
  content: string;
  decorations: Decorations;
  trailer?: ReactNode;
  linkable?: boolean;
}) {
  const { token } = theme.useToken();
  const gap = { margin: 0, marginBlockStart: 0, marginBlockEnd: 4 };
  const context: Context = {
    content,
    decorations,
    linkable,
    decorationStyles: decorationStyles(token),
    styles: {
      paragraph: { ...gap, whiteSpace: 'pre-wrap' },
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
    },
  };
  const last = tree.children.at(-1);
  const blocks = tree.children.map((child, index) =>
    child === last && child.type === 'paragraph' && trailer ? (
      <p key={index} style={{ ...context.styles.paragraph, marginBlockEnd: 0 }}>
        {children(child, context)}
        {trailer}
      </p>
    ) : (
      <Node key={index} node={child} context={context} />
    ),
  );
  return (
    <div style={{ minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' }}>
      {blocks}
      {trailer && last?.type !== 'paragraph' && <div>{trailer}</div>}
    </div>
  );
}
