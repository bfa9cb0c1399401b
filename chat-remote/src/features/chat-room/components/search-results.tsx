import type { SearchResult } from '@chat/shared';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { formatDateTime } from '../lib/format-time';
import { readableSegments } from '../lib/readable-segments';
import { useShownText } from '../markdown/use-shown-text';

/**
 * A result's words as people read them (no `**`, no link addresses), the matched ones inside <mark>, the
 * rest as text: React escapes it all.
 */
function MarkedText({ result }: { result: SearchResult }) {
  const { token } = theme.useToken();
  const shown = useShownText(result.message.content);
  const markStyle: CSSProperties = {
    background: token.colorPrimaryBgHover,
    color: token.colorText,
    borderRadius: 2,
    padding: 0,
  };
  return (
    <>
      {readableSegments(shown, result.highlights).map((segment, index) =>
        segment.marked ? (
          <mark key={index} style={markStyle}>
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** The search's results, newest first: each a button naming its author and time, the matches marked. */
export function SearchResults({
  results,
  onOpen,
}: {
  results: readonly SearchResult[];
  onOpen: (messageId: number) => void;
}) {
  const { token } = theme.useToken();
  const resultButton: CSSProperties = {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    background: 'transparent',
    border: 'none',
    borderRadius: token.borderRadius,
    color: token.colorText,
    font: 'inherit',
    cursor: 'pointer',
  };
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {results.map((result) => (
        <li key={result.message.id} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
          <button
            type="button"
            style={resultButton}
            data-message-id={result.message.id}
            onClick={() => onOpen(result.message.id)}
          >
            <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline' }}>
              <strong>{result.message.user.username}</strong>
              <span style={{ color: token.colorTextDescription, fontSize: 12 }}>
                <time dateTime={result.message.created_at}>{formatDateTime(result.message.created_at)}</time>
              </span>
            </span>
            <span style={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <MarkedText result={result} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
