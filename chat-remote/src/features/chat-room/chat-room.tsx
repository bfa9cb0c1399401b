import type { ChatRoomProps } from '@chat/shared';
import { Button, Card, Typography } from 'antd';

/** Placeholder until the chat room lands (issue 5). */
export function ChatRoom({ roomId }: ChatRoomProps) {
  return (
    <Card>
      <Button type="primary">Leave Room</Button>
      <Typography.Title level={3}>Chat Room: {roomId}</Typography.Title>
    </Card>
  );
}
