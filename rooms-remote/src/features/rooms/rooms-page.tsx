import { PlusOutlined } from '@ant-design/icons';
import { JoinFailureAlert } from '@chat/shared';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { CreateRoomModal } from './create-room-modal';
import { RoomList } from './room-list';

export function RoomsPage() {
  const [creating, setCreating] = useState(false);

  return (
    <Flex vertical gap="middle">
      <JoinFailureAlert />
      <RoomList
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Create Room
          </Button>
        }
      />
      <CreateRoomModal open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
