import { Flex, Spin, Tag, Typography, theme } from 'antd';
import { useId } from 'react';
import { useRoomPresence } from '../hooks/use-room-presence';

/** One line, whoever is in: a longer list scrolls sideways inside it, so the feed below never moves. */
const HEIGHT = 40;

/** 'Online': who has this room open now, this user first, updated as they open and close it. */
export function OnlinePanel() {
  const { status, members, ownId } = useRoomPresence();
  const { token } = theme.useToken();
  const titleId = useId();
  const ordered = [...members.filter((m) => m.id === ownId), ...members.filter((m) => m.id !== ownId)];

  return (
    <Flex
      component="section"
      aria-labelledby={titleId}
      align="center"
      gap="small"
      style={{
        height: HEIGHT,
        padding: `0 ${token.paddingSM}px`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        minWidth: 0,
      }}
    >
      <Typography.Title id={titleId} level={3} style={{ margin: 0, fontSize: token.fontSize, flex: 'none' }}>
        Online
      </Typography.Title>
      {status === 'present' && (
        <Typography.Text type="secondary" style={{ flex: 'none' }} aria-hidden>
          {members.length}
        </Typography.Text>
      )}
      {status === 'joining' && <Spin size="small" />}
      {status === 'unavailable' && <Typography.Text type="secondary">Not available</Typography.Text>}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a list too long for the line scrolls; the keyboard alone must reach it
        tabIndex={0}
        style={{
          display: 'flex',
          gap: token.paddingXS,
          margin: 0,
          padding: 0,
          listStyle: 'none',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          minWidth: 0,
          flex: 1,
          // Fades the last few pixels, so a name cut at the edge reads as "more this way".
          maskImage: `linear-gradient(to right, #000 calc(100% - ${token.paddingLG}px), transparent)`,
        }}
      >
        {ordered.map((member) => (
          <li key={member.id} style={{ flex: 'none' }}>
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 6,
                  height: 6,
                  marginInlineEnd: 6,
                  verticalAlign: 'middle',
                  borderRadius: '50%',
                  background: token.colorSuccess,
                }}
              />
              {member.username}
              {member.id === ownId && <span style={{ color: token.colorTextSecondary }}> (you)</span>}
            </Tag>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
