import { theme } from 'antd';

/** What a count past two digits shows: the API's count itself stops at 100 ("that many or more"). */
const shownCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * How many of the others' messages in a joined room this member has not seen. Named for assistive
 * technology ('3 unread'): the digits alone would say nothing.
 */
export function UnreadBadge({ count }: { count: number }) {
  const { token } = theme.useToken();
  if (count <= 0) return null;
  const shown = shownCount(count);
  return (
    <span
      role="img"
      aria-label={`${shown} unread`}
      style={{
        display: 'inline-block',
        minWidth: 20,
        height: 20,
        padding: '0 6px',
        borderRadius: 10,
        // Black on the brand green reads above 4.5:1; white on it would not (see the theme).
        background: token.colorPrimary,
        color: '#000',
        fontSize: token.fontSizeSM,
        fontWeight: 600,
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      {shown}
    </span>
  );
}
