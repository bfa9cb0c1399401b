import type { SearchMessagesResponse } from '@chat/shared';
import { SEARCH_QUERY_MAX } from '@chat/shared/schemas';
import { Button, Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import { useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useRoomStore } from '../hooks/use-room-store';
import { errorText } from '../lib/error-text';
import { searchClosed, searchFailed, searchReceived, searchStarted } from '../model/state/search';
import { SearchResults } from './search-results';

interface SearchProps {
  /** One page of results: the first without `beforeId`, the next with the previous page's `next_before_id`. */
  search: (q: string, beforeId: number | null) => Promise<SearchMessagesResponse>;
  /** A result was activated: show the conversation around it. */
  onOpen: (messageId: number) => void;
  /** The panel covers the conversation below the field: this tall. */
  panelHeight: number;
}

/**
 * The room's search: a search field (Enter runs it) and, once run, a panel over the conversation titled
 * 'Search results', newest first, with more pages on demand. Activating a result closes the panel and shows
 * the conversation around it; Escape or Close closes it.
 */
export function SearchMessages({ search, onOpen, panelHeight }: SearchProps) {
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const store = useRoomStore();
  const state = useStore(store, (room) => room.search);
  // A later run (or Close) wins over an earlier read still on its way.
  const serial = useRef(0);
  const titleId = useId();

  const run = (query: string, beforeId: number | null) => {
    const mine = ++serial.current;
    store.setState((room) => searchStarted(room, query, beforeId));
    search(query, beforeId).then(
      (page) => {
        if (mine !== serial.current) return;
        store.setState((room) => searchReceived(room, query, beforeId, page));
      },
      (error: unknown) => {
        if (mine !== serial.current) return;
        store.setState((room) => searchFailed(room, errorText(error, 'The search failed.')));
      },
    );
  };
  const close = () => {
    serial.current++;
    store.setState(searchClosed);
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
              <SearchResults
                results={state.results}
                onOpen={(messageId) => {
                  close();
                  onOpen(messageId);
                }}
              />
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
