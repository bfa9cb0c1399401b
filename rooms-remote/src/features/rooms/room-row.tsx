import { TeamOutlined } from '@ant-design/icons';
import { type Room, routes, useIntentPreload, useServices } from '@chat/shared';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import { DraftMark } from './draft-mark';
import { PrivateMark } from './private-mark';
import { MentionBadge, UnreadBadge } from './unread-badge';

interface RoomRowProps {
  room: Room;
  position: number;
}

export function RoomRow({ room, position }: RoomRowProps) {
  const { navigation } = useServices();
  const to = routes.room(room.id);
  const preload = useIntentPreload(to);
  const full = room.members_count >= room.max_members;
  const { token } = theme.useToken();

  return (
    <Flex align="center" gap="middle">
      <Typography.Text type="secondary" style={{ minWidth: 32, textAlign: 'right' }}>
        {position}.
      </Typography.Text>
      <Flex vertical flex={1} style={{ minWidth: 0 }}>
        <Flex align="center" gap="small" wrap>
          <Typography.Text strong>{room.name}</Typography.Text>
          <PrivateMark private={room.private} />
          {room.is_member && <Tag color="green">Joined</Tag>}
          {room.is_member && <DraftMark roomId={room.id} />}
          {room.is_member && <UnreadBadge count={room.unread_count} />}
          {room.is_member && <MentionBadge count={room.mention_count} />}
          {full && <Tag color="red">Full</Tag>}
          {room.archived_at && <Tag>Archived</Tag>}
        </Flex>
        <Typography.Text type="secondary" ellipsis={{ tooltip: room.description }}>
          {room.description}
        </Typography.Text>
      </Flex>
      <Typography.Text
        type={full ? undefined : 'secondary'}
        aria-label={`${room.members_count} of ${room.max_members} members`}
        // antd's danger red is 4.35:1 on the dark card, under AA's 4.5:1; its lighter step reads at 6:1.
        style={{ whiteSpace: 'nowrap', color: full ? token.colorErrorTextHover : undefined }}
      >
        <TeamOutlined /> {room.members_count}/{room.max_members}
      </Typography.Text>
      {/* A member may always go back in; anyone else would only be refused. */}
      <Button
        type="primary"
        disabled={full && !room.is_member}
        onClick={() => navigation.navigate(to)}
        {...preload}
      >
        Join
      </Button>
    </Flex>
  );
}
