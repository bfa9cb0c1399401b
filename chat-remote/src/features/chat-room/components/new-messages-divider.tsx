import { theme } from 'antd';

/** Above the first message that was unread when the room opened; it stays there while the room is open. */
export function NewMessagesDivider() {
  const { token } = theme.useToken();
  const line = { flex: 1, height: 1, background: token.colorError } as const;
  return (
    <div
      data-testid="new-messages-divider"
      style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '0 0 8px', fontSize: 12 }}
    >
      <span aria-hidden style={line} />
      {/* antd's error text is under AA's 4.5:1 on the dark card at this size; its lighter step reads at 6:1. */}
      <span style={{ color: token.colorErrorTextHover, fontWeight: token.fontWeightStrong }}>
        New messages
      </span>
      <span aria-hidden style={line} />
    </div>
  );
}
