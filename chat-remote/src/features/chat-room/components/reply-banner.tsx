import { Button, Flex, theme } from 'antd';

/** Inside the message bar while a reply is being written: whom it answers, and the way out. */
export function ReplyBanner({ username, onCancel }: { username: string; onCancel: () => void }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap="small" style={{ minWidth: 0 }}>
      <span
        style={{
          color: token.colorTextSecondary,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        Replying to <strong style={{ color: token.colorText }}>{username}</strong>
      </span>
      <Button size="small" type="text" onClick={onCancel} style={{ color: token.colorTextDescription }}>
        Cancel reply
      </Button>
    </Flex>
  );
}
