import { theme } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import { highlightable } from './highlightable';

/** Prism and its grammars (85 KB, 26 KB gzip): a chunk asked for only when a room shows a code block with a language. */
const HighlightedCode = lazy(() => import(/* webpackChunkName: "code-highlighter" */ './highlighted-code'));

/**
 * A fenced code block: its lines as typed (`white-space: pre`), scrolling sideways inside itself so a long
 * line never widens the conversation (the page must not scroll at 375 px). Focusable, so a keyboard can
 * scroll it too. Coloured once the highlighter has loaded; until then, and for a language it does not
 * know, plain.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const { token } = theme.useToken();
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
  const plain = <code>{code}</code>;
  const grammar = highlightable(language);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <pre style={style} tabIndex={0} data-language={grammar ?? undefined}>
      {grammar ? (
        <Suspense fallback={plain}>
          <HighlightedCode code={code} language={grammar} />
        </Suspense>
      ) : (
        plain
      )}
    </pre>
  );
}
