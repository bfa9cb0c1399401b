import type { SearchMessagesResponse, SearchResult } from '@chat/shared';
import { SEARCH_QUERY_MAX } from '@chat/shared/schemas';
import { Button, Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import { type CSSProperties, useId, useRef, useState } from 'react';
import { formatDateTime } from '../lib/format-time';
import { highlighted } from '../lib/highlight';

interface SearchState {
  query: string;
  results: SearchResult[];
  next: number | null;
  loading: boolean;
  error: string | null;
}

interface SearchProps {
  /** One page of results: the first without `beforeId`, the next with the previous page's `next_before_id`. */
  search: (q: string, beforeId: number | null) => Promise<SearchMessagesResponse>;
  /** A result was activated: show the conversation around it. */
  onOpen: (messageId: number) => void;
  /** The panel covers the conversation below the field: this tall. */
  panelHeight: number;
}

function describe(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'The search failed.';
}

/** The matched words of a result inside <mark>, the rest as text: React escapes it all. */
function MarkedText({ result }: { result: SearchResult }) {
  const { token } = theme.useToken();
  const markStyle: CSSProperties = {
    background: token.colorPrimaryBgHover,
    color: token.colorText,
    borderRadius: 2,
    padding: 0,
  };
  return (
    <>
      {highlighted(result.message.content, result.highlights).map((segment, index) =>
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

/**
 * The room's search: a search field (Enter runs it) and, once run, a panel over the conversation titled
 * 'Search results', newest first, with more pages on demand. Activating a result closes the panel and shows
 * the conversation around it; Escape or Close closes it.
 */
export function SearchMessages({ search, onOpen, panelHeight }: SearchProps) {
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const [state, setState] = useState<SearchState | null>(null);
  const serial = useRef(0);
  const titleId = useId();

  const run = (query: string, beforeId: number | null) => {
    const mine = ++serial.current;
    setState((current) => ({
      query,
      results: beforeId && current ? current.results : [],
      next: beforeId && current ? current.next : null,
      loading: true,
      error: null,
    }));
    search(query, beforeId).then(
      (page) => {
        if (mine !== serial.current) return;
        setState((current) => ({
          query,
          results: [...(beforeId && current ? current.results : []), ...page.results],
          next: page.next_before_id,
          loading: false,
          error: null,
        }));
      },
      (error: unknown) => {
        if (mine !== serial.current) return;
        setState((current) => current && { ...current, loading: false, error: describe(error) });
      },
    );
  };
  const close = () => {
    serial.current++;
    setState(null);
  };

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
    <div style={{ position: 'relative', zIndex: 5 }}>
      <div style={{ padding: `${token.paddingXS}px ${token.paddingSM}px` }}>
        <Input
          type="search"
          placeholder="Search messages"
          aria-label="Search messages"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => {
            setText(event.target.value);
            if (!event.target.value) close();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && state) {
              event.preventDefault();
              close();
            }
          }}
          onPressEnter={() => {
            const query = text.trim();
            if (query) run(query, null);
          }}
        />
      </div>
      {state && (
        <section
          aria-labelledby={titleId}
          aria-busy={state.loading}
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
            right: 0,
            height: panelHeight,
            display: 'flex',
            flexDirection: 'column',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex
            align="center"
            justify="space-between"
            style={{ padding: `${token.paddingXS}px ${token.paddingSM}px`, flex: 'none' }}
          >
            <Typography.Title id={titleId} level={3} style={{ margin: 0, fontSize: token.fontSize }}>
              Search results
            </Typography.Title>
            <Button size="small" onClick={close}>
              Close
            </Button>
          </Flex>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list of results scrolls; the keyboard alone must reach it
            tabIndex={0}
            style={{ overflowY: 'auto', flex: 1, padding: `0 ${token.paddingXS}px ${token.paddingSM}px` }}
          >
            {state.error && <Typography.Text type="danger">{state.error}</Typography.Text>}
            {!state.loading && !state.error && state.results.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages found" />
            )}
            {state.results.length > 0 && (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {state.results.map((result) => (
                  <li key={result.message.id} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
                    <button
                      type="button"
                      style={resultButton}
                      data-message-id={result.message.id}
                      onClick={() => {
                        close();
                        onOpen(result.message.id);
                      }}
                    >
                      <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline' }}>
                        <strong>{result.message.user.username}</strong>
                        <span style={{ color: token.colorTextDescription, fontSize: 12 }}>
                          <time dateTime={result.message.created_at}>
                            {formatDateTime(result.message.created_at)}
                          </time>
                        </span>
                      </span>
                      <span style={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        <MarkedText result={result} />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {state.loading && (
              <Flex justify="center" style={{ padding: token.paddingSM }}>
                <Spin size="small" />
              </Flex>
            )}
            {!state.loading && state.next !== null && (
              <Flex justify="center" style={{ padding: token.paddingSM }}>
                <Button onClick={() => run(state.query, state.next)}>More results</Button>
              </Flex>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
