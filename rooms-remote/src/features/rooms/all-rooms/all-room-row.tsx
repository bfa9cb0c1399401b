import { TeamOutlined } from '@ant-design/icons';
import type { Room } from '@chat/shared';
import { Button, Flex, Tag, Typography } from 'antd';
import { PrivateMark } from '../private-mark';

interface AllRoomRowProps {
  room: Room;
  onSettings: () => void;
}

/** One room in All rooms: what an administrator needs to find it, and its 'Room settings'. */
export function AllRoomRow({ room, onSettings }: AllRoomRowProps) {
  return (
    <Flex align="center" gap="middle" wrap>
      <Flex vertical flex={1} style={{ minWidth: 0 }}>
        <Flex align="center" gap="small" wrap>
          <Typography.Text strong>{room.name}</Typography.Text>
          <PrivateMark private={room.private} />
          {room.archived_at && <Tag>Archived</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          {room.owner ? `Owner: ${room.owner.username}` : 'No owner'}
        </Typography.Text>
      </Flex>
      <Typography.Text
        type="secondary"
        aria-label={`${room.members_count} of ${room.max_members} members`}
        style={{ whiteSpace: 'nowrap' }}
      >
        <TeamOutlined /> {room.members_count}/{room.max_members}
      </Typography.Text>
      <Button onClick={onSettings}>Room settings</Button>
    </Flex>
  );
}
