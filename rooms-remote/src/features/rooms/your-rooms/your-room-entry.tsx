import type { Room } from '@chat/shared/schemas';
import { Flex, Tag, Typography, theme } from 'antd';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { PrivateMark } from '../private-mark';
import { MentionBadge, UnreadBadge } from '../unread-badge';

/**
 * An entry as it looks: the link and the room's marks. The panel gives it its switch in place and its 'Draft'
 * mark; the shell's server draws it as a plain link (src/server/first-screen.tsx).
 */
export function YourRoomEntry({
  room,
  to,
  current,
  draft,
  ...handlers
}: { room: Room; to: string; current: boolean; draft?: ReactNode } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'style'
>) {
  const { token } = theme.useToken();
  return (
    <a
      href={to}
      aria-current={current ? 'page' : undefined}
      {...handlers}
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
        {draft}
        {room.archived_at && <Tag style={{ marginInlineEnd: 0 }}>Archived</Tag>}
        <UnreadBadge count={room.unread_count} />
        <MentionBadge count={room.mention_count} />
      </Flex>
    </a>
  );
}
