import { PlusOutlined } from '@ant-design/icons';
import type { Room } from '@chat/shared/schemas';
import { Button, Flex, Typography, theme } from 'antd';
import { Fragment, type ReactNode } from 'react';

export const NO_ROOMS = 'Rooms you join are listed here.';
export const NO_DIRECT_MESSAGES = 'Nobody yet.';

/**
 * The panel's landmark, headings and place for each list: the panel's live lists, or the shell's server's
 * drawing of them (src/server/first-screen.tsx).
 */
export function YourRoomsNav({
  rooms,
  direct,
  children,
}: {
  rooms: ReactNode;
  direct: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  const heading = { margin: `${token.marginXS}px ${token.marginXS}px`, fontSize: token.fontSize } as const;
  return (
    <nav aria-label="Your rooms">
      <Typography.Title level={2} style={heading}>
        Rooms
      </Typography.Title>
      {rooms}
      <Typography.Title level={2} style={{ ...heading, marginTop: token.marginMD }}>
        Direct messages
      </Typography.Title>
      {direct}
      {children}
    </nav>
  );
}

export function NewDirectMessageButton({ onClick }: { onClick?: () => void }) {
  const { token } = theme.useToken();
  return (
    <Button
      type="text"
      icon={<PlusOutlined />}
      onClick={onClick}
      style={{ marginTop: token.marginXS, color: token.colorTextSecondary }}
    >
      New direct message
    </Button>
  );
}

/** The entries of one list, or what it says when empty. */
export function EntryList({
  rooms,
  empty,
  entry,
}: {
  rooms: Room[];
  empty: string;
  entry: (room: Room) => ReactNode;
}) {
  const { token } = theme.useToken();
  if (rooms.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: `0 ${token.paddingXS}px` }}>
        {empty}
      </Typography.Text>
    );
  }
  // Links in the landmark, not list items: the spec's room list is the page's list of rooms, and a test that
  // finds a room's row as a list item must find that one.
  return (
    <Flex vertical>
      {rooms.map((room) => (
        <Fragment key={room.id}>{entry(room)}</Fragment>
      ))}
    </Flex>
  );
}
