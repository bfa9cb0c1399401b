import { TeamOutlined } from '@ant-design/icons';
import type { Room } from '@chat/shared/schemas';
import { Flex, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { PrivateMark } from './private-mark';
import { MentionBadge, UnreadBadge } from './unread-badge';

/** Whether nobody else can join: a member may always go back in, anyone else would only be refused. */
export const isFull = (room: Room) => room.members_count >= room.max_members;

/**
 * A room's row as it looks, without what it does: the list renders it with its live 'Join' and 'Draft' mark,
 * the shell's server draws it from the remote's server build (src/server/first-screen.tsx) with neither.
 */
export function RoomRowView({
  room,
  position,
  draft,
  join,
}: {
  room: Room;
  position: number;
  draft?: ReactNode;
  join: ReactNode;
}) {
  const full = isFull(room);
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
          {draft}
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
      {join}
    </Flex>
  );
}
