import { ArrowDownOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Shown instead of scrolling when messages arrive while the reader is back in history. */
export function NewMessagesButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      type="primary"
      shape="round"
      icon={<ArrowDownOutlined />}
      onClick={onClick}
      style={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
    >
      New messages
    </Button>
  );
}
