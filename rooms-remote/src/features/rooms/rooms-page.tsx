import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { CreateRoomModal } from './create-room-modal';
import { RoomList } from './room-list';
import { useJoinFailure } from './use-join-failure';

export function RoomsPage() {
  const [creating, setCreating] = useState(false);
  const joinFailure = useJoinFailure();

  return (
    <Flex vertical gap="middle">
      {joinFailure.reason && (
        <Alert
          type="error"
          showIcon
          title="Could not join the room"
          description={joinFailure.reason}
          closable={{ onClose: joinFailure.dismiss }}
        />
      )}
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
