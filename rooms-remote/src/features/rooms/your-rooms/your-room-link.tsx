import { type Room, roomKeys, useIntentPreload, useServices } from '@chat/shared';
import { SWITCHED_ROOM } from '@chat/shared/constants';
import { Flex, Tag, Typography, theme } from 'antd';
import type { MouseEvent } from 'react';
import { DraftMark } from '../draft-mark';
import { PrivateMark } from '../private-mark';
import { MentionBadge, UnreadBadge } from '../unread-badge';

interface YourRoomLinkProps {
  room: Room;
  to: string;
  current: boolean;
}

/**
 * One entry of 'Your rooms': a real link (open in a new tab works), which a plain click turns into a switch
 * in place: no page load, no join (the user is a member), the room's own data put in the cache first so the
 * chat room draws it at once.
 */
export function YourRoomLink({ room, to, current }: YourRoomLinkProps) {
  const { navigation, queryClient } = useServices();
  const preload = useIntentPreload(to);
  const { token } = theme.useToken();
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    queryClient.setQueryData(roomKeys.detail(room.id), room);
    navigation.navigate(to, { state: SWITCHED_ROOM });
  };
  return (
    <a
      href={to}
      aria-current={current ? 'page' : undefined}
      onClick={open}
      {...preload}
      style={{
        display: 'block',
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        borderRadius: token.borderRadius,
        color: current ? token.colorText : token.colorTextSecondary,
        background: current ? token.colorFillSecondary : undefined,
        fontWeight: room.unread_count > 0 ? 600 : undefined,
      }}
    >
      <Flex align="center" gap="small">
        <Typography.Text ellipsis style={{ flex: 1, color: 'inherit', fontWeight: 'inherit' }}>
          {room.name}
        </Typography.Text>
        <PrivateMark private={room.private} />
        <DraftMark roomId={room.id} />
        {room.archived_at && <Tag style={{ marginInlineEnd: 0 }}>Archived</Tag>}
        <UnreadBadge count={room.unread_count} />
        <MentionBadge count={room.mention_count} />
      </Flex>
    </a>
  );
}
