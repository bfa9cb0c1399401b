import { type ChatRoomProps, openingPageQueryOptions, timings, useServices } from '@chat/shared';
import { leverOn } from '@chat/shared/perf-levers';
import { Button, Card, Spin, Typography, theme } from 'antd';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useJoinRoom } from './api/join-room';
import { useLeaveRoom } from './api/leave-room';
import { Conversation } from './components/conversation';
import { OnlinePanel } from './components/online-panel';
import { RoomPresence } from './components/room-presence';
import { useKnownRoomName } from './hooks/use-known-room-name';

/**
 * The joined-room view: joins on open, the conversation's place under a loading overlay until then. The
 * title, the page's largest element, paints with the name the cache already holds rather than after the
 * join. 'Leave Room' stands where the room list has 'Create Room', usable once the join has answered (a
 * leave racing the join could land first and be undone by it).
 */
export function ChatRoom({ roomId }: ChatRoomProps) {
  const { http, queryClient } = useServices();
  const { token } = theme.useToken();
  const join = useJoinRoom(roomId);
  // A member coming back reads the room without waiting for the join: the shell preloads its newest page
  // with the route. Read once, so a later visit opens on a fresh page; without it (a newcomer, or run
  // alone) the page is fetched after the join.
  const [openingPage] = useState(() => {
    const opening = openingPageQueryOptions(http, roomId);
    if (!queryClient.getQueryState(opening.queryKey)) return undefined;
    return queryClient
      .fetchQuery({ ...opening, staleTime: timings.preloadStaleTime })
      .catch(() => null)
      .finally(() => queryClient.removeQueries({ queryKey: opening.queryKey }));
  });
  const leave = useLeaveRoom(roomId);
  const { mutate: joinNow } = join;
  // Once per room, StrictMode's second effect run included: a second join is harmless but shows twice.
  const joinedRoom = useRef<number | null>(null);
  useEffect(() => {
    if (joinedRoom.current === roomId) return;
    joinedRoom.current = roomId;
    joinNow();
  }, [roomId, joinNow]);

  // The join's answer mounts the whole room (presence, the feed, the message bar) in one task, and a query's
  // answer cannot be a transition. Deferred, React renders it in slices while the title stays painted (the
  // `yielding-render` lever; its own copy of the levers, built into this remote).
  const joinedDeferred = useDeferredValue(join.isSuccess);
  const joined = leverOn('yielding-render') ? joinedDeferred : join.isSuccess;

  const knownName = useKnownRoomName(roomId);
  const name = join.data?.room.name ?? knownName ?? '';
  return (
    <Card
      title={
        // An h2 under the header's h1, at the size of an h4.
        <Typography.Title
          level={2}
          style={{ margin: 0, fontSize: token.fontSizeHeading4 }}
          ellipsis={{ tooltip: name }}
        >
          {`Chat Room: ${name}`}
        </Typography.Title>
      }
      extra={
        <Button
          type="primary"
          disabled={!join.isSuccess}
          loading={leave.isPending}
          onClick={() => leave.mutate()}
        >
          Leave Room
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      {joined ? (
        <RoomPresence roomId={roomId}>
          <OnlinePanel />
          <Conversation
            roomId={roomId}
            openingPage={openingPage}
            lastReadId={join.data?.room.last_read_id}
            unreadCount={join.data?.room.unread_count}
          />
        </RoomPresence>
      ) : (
        <Spin size="large" description="Joining the room…">
          <div style={{ height: 360 }} />
        </Spin>
      )}
    </Card>
  );
}
