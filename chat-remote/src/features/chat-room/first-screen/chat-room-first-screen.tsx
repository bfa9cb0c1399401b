import type { ChatRoomFirstScreen as Screen } from '@chat/shared/first-screen';
import type { Message } from '@chat/shared/schemas';
import { Button, Card, theme } from 'antd';
import { messageBodyStyle } from '../components/message-body-style';
import { bylineStyle, messageByline } from '../components/message-byline';
import { MessageText } from '../components/message-text';
import { RoomCardTitle, roomCardTitle } from '../components/room-card-title';
import { takeTreesOf } from '../markdown/use-message-tree';

/** The feed's box as the room sizes it: from its top to the message bar, never under 240 px (use-fill-height). */
const FEED_HEIGHT = 'max(240px, calc(100dvh - 284px))';

function Row({ message }: { message: Message }) {
  const { token } = theme.useToken();
  return (
    <article style={{ padding: '8px 12px' }}>
      <div style={bylineStyle}>{messageByline(token, message.user.username, message.created_at)}</div>
      <div style={messageBodyStyle}>
        {message.content && (
          <MessageText
            content={message.content}
            edited={Boolean(message.edited_at)}
            mentions={message.mentions}
          />
        )}
        {message.attachment_path && <span style={{ color: token.colorTextDescription }}>Image</span>}
      </div>
    </article>
  );
}

/**
 * The open room as the shell's server draws it for a member, before any script has run: the card and its
 * title as the room lays them out, and the newest messages at the bottom of the feed's box, formatted from
 * the trees the shell's server read them with (`include=tree`), so the room that takes over draws the same
 * rows; a message without one is drawn as plain text (the parser is never run here). No state and no
 * services: it is markup only, shown until the room itself has painted its feed
 * (announceFirstScreenPainted), and never hydrated.
 */
export function ChatRoomFirstScreen({ room, messages }: Screen) {
  const { token } = theme.useToken();
  takeTreesOf(messages, { loadParser: false });
  const title = roomCardTitle(room.name, room.kind === 'direct');
  return (
    <Card
      title={
        <RoomCardTitle title={title}>
          <Button type="primary" disabled>
            {room.kind === 'direct' ? 'Close conversation' : 'Leave Room'}
          </Button>
        </RoomCardTitle>
      }
      styles={{ body: { padding: 0 } }}
    >
      <div style={{ height: 40, borderBottom: `1px solid ${token.colorBorderSecondary}` }} />
      <div
        role="feed"
        aria-label="Messages"
        aria-busy
        style={{
          height: FEED_HEIGHT,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
        }}
      >
        {messages.map((message) => (
          <Row key={message.id} message={message} />
        ))}
      </div>
    </Card>
  );
}
