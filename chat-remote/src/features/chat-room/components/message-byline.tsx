import type { GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format-time';

/** The line a message starts with: its author, its time, and in the feed its actions. */
export const bylineStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: 8,
} as const;

/**
 * A message's author and time, for the feed's row and the drawing the server makes of it alike. Plain
 * elements in the theme's colours rather than antd's Flex and Typography: a row mounts for every message
 * that arrives, and antd's per-component style hooks were most of that mount's cost.
 */
export function messageByline(token: GlobalToken, username: string, createdAt: string): ReactNode {
  return (
    <>
      <strong style={{ fontWeight: token.fontWeightStrong, color: token.colorText }}>{username}</strong>
      <span style={{ color: token.colorTextDescription, fontSize: 12 }}>
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </span>
    </>
  );
}
