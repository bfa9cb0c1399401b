import { useSession } from '@chat/shared';
import { theme } from 'antd';
import { EmojiPicker as Frimousse } from 'frimousse';
import { useEffect, useRef } from 'react';
import { ActiveEmojiInView, CELL, LIST_PARTS } from './emoji-list-parts';
import { loadPickerData, withRecentCategory } from './picker-data';
import { readRecentEmoji, recentEmojiKey, rememberEmoji } from './recent-emoji';

const COLUMNS = 8;

export interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
}

/**
 * Every emoji the API accepts, recent ones first, with 'Search emoji' (by name and keyword: 'tada' finds 🎉).
 * Built on frimousse (Liveblocks): headless and accessible (a grid whose active cell the arrow keys move while
 * the focus stays in the search, Enter picks), it injects no <style> (the CSP admits only nonced ones) and
 * reads its data from us, bundled, instead of a CDN. emoji-mart was passed over (shadow DOM, injected styles,
 * unmaintained since 2022), as was emoji-picker-react (injects its stylesheet). The search takes the focus.
 */
export function EmojiPickerPanel({ onPick }: EmojiPickerPanelProps) {
  const { token } = theme.useToken();
  const userId = useSession((state) => state.user?.id ?? null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => search.current?.focus(), []);
  const pick = (emoji: string) => {
    if (userId !== null) rememberEmoji(recentEmojiKey(userId), emoji);
    onPick(emoji);
  };

  return (
    <Frimousse.Root
      onEmojiSelect={({ emoji }) => pick(emoji)}
      resolveEmojiData={() =>
        loadPickerData().then((data) =>
          withRecentCategory(data, userId === null ? [] : readRecentEmoji(recentEmojiKey(userId))),
        )
      }
      columns={COLUMNS}
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: COLUMNS * CELL + 24,
        height: 340,
        maxWidth: 'calc(100vw - 24px)',
        background: token.colorBgElevated,
        color: token.colorText,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        overflow: 'hidden',
      }}
    >
      <Frimousse.Search
        ref={search}
        aria-label="Search emoji"
        placeholder="Search emoji"
        style={{
          margin: 8,
          padding: '4px 11px',
          fontSize: token.fontSize,
          color: token.colorText,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
        }}
      />
      <Frimousse.Viewport style={{ flex: 1, outline: 'none' }}>
        <Frimousse.Loading style={{ display: 'block', padding: 12, color: token.colorTextSecondary }}>
          Loading emoji…
        </Frimousse.Loading>
        <Frimousse.Empty style={{ display: 'block', padding: 12, color: token.colorTextSecondary }}>
          No emoji found
        </Frimousse.Empty>
        <Frimousse.List ref={list} aria-label="Emoji list" components={LIST_PARTS} />
        <ActiveEmojiInView list={list} />
      </Frimousse.Viewport>
    </Frimousse.Root>
  );
}
