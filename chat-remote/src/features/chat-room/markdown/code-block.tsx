import { theme } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { CodePiece } from './highlight/highlight-code';
import { highlightedLines, rememberHighlightedLines } from './highlight/highlighted-lines';
import { isDark } from './highlight/is-dark';
import { whenSeenAndIdle } from './highlight/when-seen-and-idle';
import { highlightable } from './highlightable';

/**
 * Prism's core and the colouring (about 3 KB gzip), a chunk asked for only when a room shows a code block
 * in a language it knows; each language's grammar is a chunk of its own after it (highlight/load-grammar.ts).
 */
const loadHighlighter = () => import(/* webpackChunkName: "code-highlighter" */ './highlight/highlight-code');

/**
 * A fenced code block: its lines as typed (`white-space: pre`), scrolling sideways inside itself so a long
 * line never widens the conversation (the page must not scroll at 375 px). Focusable, so a keyboard can
 * scroll it too. Shown plain first; coloured once it is near the viewport and the main thread is idle
 * (the same text in the same font, only its colour changes: nothing moves), for a language the
 * highlighter knows.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const { token } = theme.useToken();
  const grammar = highlightable(language);
  const dark = isDark(token.colorBgContainer);
  const text = code.replace(/\n$/, '');
  const ref = useRef<HTMLPreElement>(null);
  const [lines, setLines] = useState(() => (grammar ? highlightedLines(text, grammar, dark) : undefined));
  useEffect(() => {
    const known = grammar ? highlightedLines(text, grammar, dark) : undefined;
    setLines(known);
    const element = ref.current;
    if (!grammar || known || !element) return;
    let live = true;
    const cancel = whenSeenAndIdle(element, () => {
      loadHighlighter()
        .then((module) => module.highlightCode(text, grammar, dark))
        .then((highlighted) => {
          if (!highlighted) return;
          rememberHighlightedLines(text, grammar, dark, highlighted);
          if (live) setLines(highlighted);
        })
        // A chunk that failed to load leaves the block plain; the next block asks for it again.
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [text, grammar, dark]);
  const style: CSSProperties = {
    margin: 0,
    marginBlockEnd: 4,
    padding: '6px 10px',
    maxWidth: '100%',
    overflowX: 'auto',
    whiteSpace: 'pre',
    overflowWrap: 'normal',
    fontFamily: token.fontFamilyCode,
    fontSize: 13,
    lineHeight: 1.5,
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <pre ref={ref} style={style} tabIndex={0} data-language={grammar ?? undefined}>
      <code>{lines ? <ColouredLines lines={lines} /> : text}</code>
    </pre>
  );
}

/** Each piece of each line as text of its own colour; the lines joined by their line breaks. */
function ColouredLines({ lines }: { lines: CodePiece[][] }) {
  return lines.map((line, lineIndex) => (
    <span key={lineIndex}>
      {line.map((piece, pieceIndex) => (
        <span key={pieceIndex} style={piece.colour ? { color: piece.colour } : undefined}>
          {piece.text}
        </span>
      ))}
      {lineIndex < lines.length - 1 && '\n'}
    </span>
  ));
}
