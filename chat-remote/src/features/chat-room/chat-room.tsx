import { type ChatRoomProps, openingPageQueryOptions, timings, useServices, useSession } from '@chat/shared';
import { announceFirstScreenPainted } from '@chat/shared/first-screen';
import { leverOn } from '@chat/shared/perf-levers';
import type { Me } from '@chat/shared/schemas';
import { App, Button, Card, Flex, Result, Spin } from 'antd';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useCloseDirectMessage } from './api/close-direct-message';
import { useLeaveRoom } from './api/leave-room';
import { Conversation } from './components/conversation';
import { OnlinePanel } from './components/online-panel';
import { RoomCardTitle, roomCardTitle } from './components/room-card-title';
import { RoomPresence } from './components/room-presence';
import { RoomSettingsButton } from './components/room-settings-button';
import { useKnownRoomName } from './hooks/use-known-room-name';
import { useOpenRoom } from './hooks/use-open-room';
import { useRemoval } from './hooks/use-removal';

/**
 * The open room or direct message: the conversation's place under a loading overlay until it may be shown
 * (`useOpenRoom`: joined, or already a member). The title, the page's largest element, paints with the name
 * the cache already holds rather than after the join. 'Leave Room' stands where the room list has 'Create
 * Room', usable once the room is open (a leave racing the join could land first and be undone by it); a
 * direct message is closed instead, never left.
 */
export function ChatRoom({ roomId, direct = false, switched = false }: ChatRoomProps) {
  const { http, queryClient } = useServices();
  const open = useOpenRoom(roomId, { direct, switched });
  useRemoval(roomId);
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

  // The room's answer mounts the whole room (presence, the feed, the message bar) in one task, and a query's
  // answer cannot be a transition. Deferred, React renders it in slices while the title stays painted (the
  // `yielding-render` lever; its own copy of the levers, built into this remote).
  const readyDeferred = useDeferredValue(open.ready);
  const ready = leverOn('yielding-render') ? readyDeferred : open.ready;

  // A room that cannot open says so, in place of any drawing of it the shell's server made.
  useEffect(() => {
    if (open.failure !== null) announceFirstScreenPainted();
  }, [open.failure]);

  const knownName = useKnownRoomName(roomId);
  // A site administrator may do in any room what its owner may (the session's user comes from `GET me`).
  const admin = useSession((state) => (state.user as Me | null)?.is_admin === true);
  const archived = Boolean(open.room?.archived_at);
  const moderator = admin || open.room?.my_role === 'owner';
  const permissions = useMemo(() => ({ archived, moderator }), [archived, moderator]);
  const name = open.room?.name ?? knownName ?? '';
  return (
    <Card
      title={
        <RoomCardTitle title={roomCardTitle(name, direct)}>
          {open.failure !== null ? null : direct ? (
            <CloseConversationButton roomId={roomId} disabled={!open.ready} />
          ) : (
            <Flex gap={8}>
              {/* The owner's, and an administrator's in any room they have open. */}
              {moderator && open.room && <RoomSettingsButton room={open.room} disabled={!open.ready} />}
              <LeaveRoomButton
                roomId={roomId}
                isPrivate={open.room?.private === true}
                disabled={!open.ready}
              />
            </Flex>
          )}
        </RoomCardTitle>
      }
      styles={{ body: { padding: 0 } }}
    >
      {open.failure !== null ? (
        <Result status="404" title={open.failure} />
      ) : ready ? (
        <RoomPresence roomId={roomId}>
          <OnlinePanel />
          <Conversation
            roomId={roomId}
            openingPage={openingPage}
            lastReadId={open.room?.last_read_id}
            unreadCount={open.room?.unread_count}
            permissions={permissions}
          />
        </RoomPresence>
      ) : (
        <Spin size="large" description={direct ? 'Opening the conversation…' : 'Joining the room…'}>
          <div style={{ height: 360 }} />
        </Spin>
      )}
    </Card>
  );
}

export const LEAVE_PRIVATE_ROOM_QUESTION =
  'Leave this private room? You will need a new invitation to come back.';

/**
 * Leaves the room; a private one only after asking, since nobody comes back into it uninvited. A refusal (the
 * owner of a room with others in it: 'Make another member owner before you leave.') is shown as every failed
 * call is, and the user stays.
 */
function LeaveRoomButton({
  roomId,
  isPrivate,
  disabled,
}: {
  roomId: number;
  isPrivate: boolean;
  disabled: boolean;
}) {
  const leave = useLeaveRoom(roomId);
  const { modal } = App.useApp();
  const onLeave = () => {
    if (!isPrivate) {
      leave.mutate();
      return;
    }
    modal.confirm({
      content: LEAVE_PRIVATE_ROOM_QUESTION,
      okText: 'Leave',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => leave.mutate(),
    });
  };
  return (
    <Button type="primary" disabled={disabled} loading={leave.isPending} onClick={onLeave}>
      Leave Room
    </Button>
  );
}

function CloseConversationButton({ roomId, disabled }: { roomId: number; disabled: boolean }) {
  const close = useCloseDirectMessage(roomId);
  return (
    <Button type="primary" disabled={disabled} loading={close.isPending} onClick={() => close.mutate()}>
      Close conversation
    </Button>
  );
}
