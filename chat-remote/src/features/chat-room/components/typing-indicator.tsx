import { theme } from 'antd';
import { useRoomPresence } from '../hooks/use-room-presence';
import { typingText } from '../model/typing';

/**
 * '{username} is typing…' just above the message bar, over the end of the feed. The live region is always
 * there, so that a screen reader hears the line come and go.
 */
export function TypingIndicator() {
  const { typing } = useRoomPresence();
  const { token } = theme.useToken();
  const text = typingText(typing);
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'absolute',
        bottom: '100%',
        left: token.paddingXS,
        right: token.paddingXS,
        marginBottom: token.marginXXS,
        pointerEvents: 'none',
        display: 'flex',
      }}
    >
      {text && (
        <span
          style={{
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            padding: `0 ${token.paddingXS}px`,
            borderRadius: token.borderRadiusSM,
            background: token.colorBgElevated,
            color: token.colorTextSecondary,
            fontSize: token.fontSizeSM,
            fontStyle: 'italic',
            lineHeight: `${token.lineHeightSM * token.fontSizeSM + 4}px`,
          }}
        >
          {text}
        </span>
      )}
    </div>
  );
}
