import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The open room's card title: its name as an h2 at the size of an h4, its actions beside it. The actions
 * wrap under the title when both do not fit (a phone), so the room's name stays readable. The room and the
 * server's drawing of it (../first-screen) both use it, so the two lay the title out alike.
 */
export function RoomCardTitle({ title, children }: { title: string; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex wrap align="center" justify="space-between" gap={8} style={{ padding: '8px 0' }}>
      <Typography.Title
        level={2}
        style={{ margin: 0, fontSize: token.fontSizeHeading4, flex: '1 1 14em', minWidth: 0 }}
        ellipsis={{ tooltip: title }}
      >
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

/** What the title says: the room's name, or the other people's in a direct message. */
export const roomCardTitle = (name: string, direct: boolean) =>
  direct ? (name ? `Direct message: ${name}` : 'Direct message') : `Chat Room: ${name}`;
