import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** 'Create Room', which opens the modal on the page; in the server's drawing it has no handler yet. */
export function CreateRoomButton({ onClick }: { onClick?: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      Create Room
    </Button>
  );
}
