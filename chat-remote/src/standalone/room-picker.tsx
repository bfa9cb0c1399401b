import { JoinFailureAlert, useRooms } from '@chat/shared';
import { Card, Empty, Flex, Select } from 'antd';
import { useNavigate } from 'react-router-dom';

/**
 * Run alone, the chat room has no room list around it: this picks the room to open (`/?room=ID`).
 * Guessing one instead would fail to join, and a failed join reloads the page: a loop.
 */
export function RoomPicker() {
  const rooms = useRooms();
  const navigate = useNavigate();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '100vh', padding: 16 }}>
      <JoinFailureAlert />
      <Card title="Open a chat room" style={{ width: '100%', maxWidth: 420 }}>
        {rooms.data?.length === 0 ? (
          <Empty description="No rooms yet: create one in rooms-remote or the shell." />
        ) : (
          <Select
            aria-label="Room"
            placeholder="Choose or type a room's name"
            showSearch={{ optionFilterProp: 'label' }}
            loading={rooms.isPending}
            style={{ width: '100%' }}
            options={rooms.data?.map((room) => ({ value: room.id, label: room.name }))}
            onChange={(roomId: number) => navigate(`/?room=${roomId}`)}
          />
        )}
      </Card>
    </Flex>
  );
}
