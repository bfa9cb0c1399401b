import { announceFirstScreenPainted } from '@chat/shared/first-screen';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Flex, Spin, Typography, theme } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { END_THRESHOLD, useFeedScroll } from '../hooks/use-feed-scroll';
import { type JumpRequest, useJumpHighlight } from '../hooks/use-jump-highlight';
import { useScrollHandover } from '../hooks/use-scroll-handover';
import { isOutgoing } from '../model/outgoing';
import { arrivedAfter, rowKey, type TimelineRow } from '../model/timeline';
import { JumpToLatestButton } from './jump-to-latest-button';
import { MessageRow } from './message-row';
import { NewMessagesDivider } from './new-messages-divider';
import type { RowActions } from './outgoing-status';

const HISTORY_HEADER = 40;

interface MessageListProps {
  rows: readonly TimelineRow[];
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  ownUser: { id: number; username: string } | null;
  actions: RowActions;
  /** Changes when this user sends: the view jumps to the newest message whatever it showed. */
  followSignal: number;
  /** The message to bring into view (it is held by the time this changes). */
  jump?: JumpRequest | null;
  height: number;
  /** Opens at this message rather than the newest (aligned to the start: the first unread one). */
  openAtId?: number | null;
  /** The first unread message when the room opened: 'New messages' stands just above it. */
  dividerBeforeId?: number | null;
  /** The around-window: newer pages read near the bottom, and 'Jump to latest' back to the live log. */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?: () => void;
  onJumpToLatest?: () => void;
  /** With onJumpToLatest: how many of the others' messages the live log received while the window was shown. */
  arrivedMeanwhile?: number;
  /** Told the newest message on screen, as the reader sees more (the read position follows it). */
  onNewestSeen?: (messageId: number) => void;
  /** The live log's room: the reader's place in it is saved when the shell hands this remote over. */
  handoverRoomId?: number;
}

/** Whether a message from someone else mentions this user: the row stands out for them. */
export function mentionsUser(row: TimelineRow, ownId: number | null): boolean {
  if (ownId === null || isOutgoing(row) || row.user.id === ownId) return false;
  return row.mentions?.some((mention) => mention.id === ownId) ?? false;
}

function estimateSize(row: TimelineRow | undefined): number {
  return row && (isOutgoing(row) ? row.file : row.attachment_path) ? 232 : 62;
}

/**
 * Where the view stands as the list mounts with its first page (Conversation mounts it once the page is in
 * hand): at the page's estimated end when it opens at the newest message, so the first rows it renders are
 * the newest ones, not the oldest of the page (rendered, measured and formatted only to be replaced a frame
 * later, when the scroll to the end comes back as an event); never past the end, where a page that does not
 * fill the view would wait for a scroll event that never comes.
 */
function openingOffset(rows: readonly TimelineRow[], height: number): number {
  let total = HISTORY_HEADER;
  for (const row of rows) total += estimateSize(row);
  return Math.max(0, total - height);
}

/** The newest message from someone else: this user's own are followed when sent. */
function newestFromOthers(rows: readonly TimelineRow[], ownId: number | null): number | null {
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index];
    if (row && !isOutgoing(row) && row.user.id !== ownId) return row.id;
  }
  return null;
}

/** Keys a field inside a row keeps for itself (End moves its caret). */
const typingTarget = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Where the list opens: a jump's target (centred) or the first unread message (at the top), else the end. */
function useOpenAt(
  rows: readonly TimelineRow[],
  openAtId: number | null | undefined,
  jump: JumpRequest | null | undefined,
): { index: number; align: 'start' | 'center' } | null {
  const [opening] = useState(() =>
    jump
      ? { id: jump.messageId, align: 'center' as const }
      : openAtId
        ? { id: openAtId, align: 'start' as const }
        : null,
  );
  if (!opening) return null;
  const index = rows.findIndex((row) => !isOutgoing(row) && row.id === opening.id);
  return index < 0 ? null : { index, align: opening.align };
}

const centred = { position: 'absolute', inset: 0, margin: 'auto', height: 'fit-content' } as const;

/**
 * A virtualized list: the DOM holds only the rows in view plus a few, whatever the room's size.
 * Anchored to the end: older pages prepend without moving what the reader sees, and new messages are
 * followed only while the reader is at the bottom. Away from the newest message, 'Jump to latest' leads back.
 */
export function MessageList(props: MessageListProps) {
  const { rows, loaded, hasOlder, loadingOlder, onLoadOlder, ownUser, actions, followSignal, jump, height } =
    props;
  const { openAtId, dividerBeforeId, hasNewer, loadingNewer, onLoadNewer, onJumpToLatest, onNewestSeen } =
    props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const ownId = ownUser?.id ?? null;
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row ? rowKey(row, ownId) : index;
    },
    [rows, ownId],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateSize(rows[index]),
    getItemKey,
    anchorTo: 'end',
    followOnAppend: true,
    initialOffset: () => (jump || openAtId ? 0 : openingOffset(rows, height)),
    scrollEndThreshold: END_THRESHOLD,
    paddingStart: HISTORY_HEADER,
    overscan: 6,
  });
  const { ready, away, seenNewest, onScroll, jumpToEnd } = useFeedScroll({
    virtualizer,
    scrollRef,
    count: rows.length,
    newestMessageId: newestFromOthers(rows, ownId),
    hasOlder,
    loadingOlder,
    onLoadOlder,
    followSignal,
    openAt: useOpenAt(rows, openAtId, jump),
    hasNewer,
    loadingNewer,
    onLoadNewer,
    height,
  });

  // The newest message whose row shows in the viewport, once the list stands where it opened. Where the view
  // stands is the virtualizer's (kept from scroll events and its resize observer): reading the element's
  // scrollTop after every render would force a layout each time, several per frame while rows are measured.
  const reportSeen = () => {
    const element = scrollRef.current;
    if (!onNewestSeen || !ready || !element) return;
    const top = virtualizer.scrollOffset ?? element.scrollTop;
    const bottom = top + (virtualizer.scrollRect?.height ?? element.clientHeight);
    let newest = 0;
    for (const item of virtualizer.getVirtualItems()) {
      const row = rows[item.index];
      if (row && !isOutgoing(row) && item.start < bottom && item.end > top) newest = Math.max(newest, row.id);
    }
    if (newest > 0) onNewestSeen(newest);
  };
  // After every render: rows arrive, are measured and move without a scroll event.
  useEffect(reportSeen);
  // The feed is in place at its opening row: the shell's server drawing of the room, if any, may go.
  const inPlace = ready || (loaded && rows.length === 0);
  useEffect(() => {
    if (inPlace) requestAnimationFrame(() => announceFirstScreenPainted());
  }, [inPlace]);

  // The message at the top of the view, unless the reader is at the newest (where the room opens anyway).
  useScrollHandover(props.handoverRoomId, () => {
    const element = scrollRef.current;
    if (!element || element.scrollHeight - element.scrollTop - element.clientHeight <= END_THRESHOLD)
      return null;
    for (const item of virtualizer.getVirtualItems()) {
      const row = rows[item.index];
      if (row && !isOutgoing(row) && item.end > element.scrollTop) return row.id;
    }
    return null;
  });

  const highlighted = useJumpHighlight(jump, rows, virtualizer, scrollRef);

  const toLatest =
    onJumpToLatest ??
    (() => {
      jumpToEnd();
      // The button goes once there: the keyboard's focus stays in the feed rather than falling to the page.
      scrollRef.current?.focus({ preventScroll: true });
    });
  const arrived = onJumpToLatest ? (props.arrivedMeanwhile ?? 0) : arrivedAfter(rows, seenNewest, ownId);
  const showJump = onJumpToLatest !== undefined || (ready && (away || arrived > 0));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'End' || typingTarget(event.target)) return;
    event.preventDefault();
    toLatest();
  };

  const empty = loaded && rows.length === 0;
  // A feed owns articles and nothing else (its status shows beside it, not inside), and an empty one is
  // no feed: until the first message it is a named group. Focusable, so the keyboard alone can scroll
  // it. One object, because the role is chosen at run time, which the a11y lint cannot follow.
  const semantics = {
    role: empty ? 'group' : 'feed',
    'aria-label': 'Messages',
    'aria-busy': !loaded || loadingOlder,
    tabIndex: 0,
  };
  return (
    <div style={{ position: 'relative' }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: its role (feed, or group when empty) comes from `semantics`, which the lint cannot follow */}
      <div
        ref={scrollRef}
        onScroll={() => {
          onScroll();
          reportSeen();
        }}
        onKeyDown={onKeyDown}
        {...semantics}
        style={{ height, overflowY: 'auto', contain: 'strict', overflowAnchor: 'none' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          <Flex justify="center" align="center" style={{ height: HISTORY_HEADER }}>
            {/* Visual only: the feed's aria-busy already says an older page is loading. */}
            {loadingOlder && (
              <span aria-hidden>
                <Spin size="small" />
              </span>
            )}
            {loaded && !hasOlder && rows.length > 0 && (
              <Typography.Text type="secondary">This is the beginning of the room.</Typography.Text>
            )}
          </Flex>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            const status = row && isOutgoing(row) ? row.status : 'sent';
            const messageId = row && !isOutgoing(row) ? row.id : undefined;
            const lit = messageId !== undefined && messageId === highlighted;
            const mentioned = mentionsUser(row as TimelineRow, ownId);
            const divided = messageId !== undefined && messageId === dividerBeforeId;
            return (
              row && (
                <article
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-posinset={item.index + 1}
                  aria-setsize={rows.length}
                  data-status={status}
                  data-message-id={messageId}
                  data-highlighted={lit || undefined}
                  data-mentions-me={mentioned || undefined}
                  tabIndex={lit ? -1 : undefined}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${item.start}px)`,
                    boxSizing: 'border-box',
                    padding: '8px 12px',
                    opacity: status === 'pending' ? 0.65 : 1,
                    background: lit ? token.colorPrimaryBg : mentioned ? token.colorWarningBg : undefined,
                    borderInlineStart: mentioned ? `3px solid ${token.colorWarning}` : undefined,
                    transition: 'background 0.6s',
                  }}
                >
                  {divided && <NewMessagesDivider />}
                  <MessageRow row={row} ownUsername={ownUser?.username ?? ''} actions={actions} />
                </article>
              )
            );
          })}
        </div>
      </div>
      {!loaded && <Spin style={centred} />}
      {empty && <Empty description="No messages yet" style={centred} />}
      {showJump && <JumpToLatestButton arrived={arrived} onClick={toLatest} />}
    </div>
  );
}
