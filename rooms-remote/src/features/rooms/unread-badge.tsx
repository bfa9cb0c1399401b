import { brand } from '@chat/shared/theme';
import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** What a count past two digits shows: the API's count itself stops at 100 ("that many or more"). */
const shownCount = (count: number) => (count > 99 ? '99+' : String(count));

function usePill(background: string): CSSProperties {
  const { token } = theme.useToken();
  return {
    display: 'inline-block',
    minWidth: 20,
    height: 20,
    padding: '0 6px',
    borderRadius: 10,
    background,
    // Black reads above 4.5:1 on both the brand green and the brand violet; white on either would not (see the theme).
    color: '#000',
    fontSize: token.fontSizeSM,
    fontWeight: 600,
    lineHeight: '20px',
    textAlign: 'center',
    whiteSpace: 'nowrap',
  };
}

/**
 * How many of the others' messages in a joined room this member has not seen. Named for assistive
 * technology ('3 unread'): the digits alone would say nothing.
 */
export function UnreadBadge({ count }: { count: number }) {
  const { token } = theme.useToken();
  const style = usePill(token.colorPrimary);
  if (count <= 0) return null;
  const shown = shownCount(count);
  return (
    <span role="img" aria-label={`${shown} unread`} style={style}>
      {shown}
    </span>
  );
}

/**
 * Of those, how many mention this member ('1 mention', '3 mentions'): shown as '@3' in the brand violet
 * beside the unread badge. An API deployed before mentions sends no count: no badge.
 */
export function MentionBadge({ count = 0 }: { count?: number }) {
  const style = usePill(brand.accent);
  if (count <= 0) return null;
  const shown = shownCount(count);
  return (
    <span role="img" aria-label={`${shown} ${count === 1 ? 'mention' : 'mentions'}`} style={style}>
      @{shown}
    </span>
  );
}
