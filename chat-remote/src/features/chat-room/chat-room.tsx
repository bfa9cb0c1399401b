import type { ChatRoomProps } from '@chat/shared';
import { Button, Card, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useJoinRoom } from './api/join-room';
import { useLeaveRoom } from './api/leave-room';
import { Conversation } from './components/conversation';

/**
 * The joined-room view: joins on open under a loading overlay, then shows the conversation. 'Leave Room'
 * stands where the room list has 'Create Room'.
 */
export function ChatRoom({ roomId }: ChatRoomProps) {
  const join = useJoinRoom(roomId);
  const leave = useLeaveRoom(roomId);
  const { mutate: joinNow } = join;
  // Once per room, StrictMode's second effect run included: a second join is harmless but shows twice.
  const joinedRoom = useRef<number | null>(null);
  useEffect(() => {
    if (joinedRoom.current === roomId) return;
    joinedRoom.current = roomId;
    joinNow();
  }, [roomId, joinNow]);

  const name = join.data?.room.name ?? '';
  return (
    <Spin spinning={!join.isSuccess} size="large" description="Joining the room…">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: name }}>
            {`Chat Room: ${name}`}
          </Typography.Title>
        }
        extra={
          <Button type="primary" loading={leave.isPending} onClick={() => leave.mutate()}>
            Leave Room
          </Button>
        }
        styles={{ body: { padding: 0 } }}
      >
        {join.isSuccess ? <Conversation roomId={roomId} /> : <div style={{ height: 360 }} />}
      </Card>
    </Spin>
  );
}
