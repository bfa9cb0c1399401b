import { type Room, routes, useServices, useSession } from '@chat/shared';
import { RoomSettingsDialog } from '@chat/shared/room-settings';
import { Button } from 'antd';
import { useState } from 'react';
import { forgetRecentRoom } from '../model/recent-rooms';

/** 'Room settings' in the header of a room the user owns. */
export function RoomSettingsButton({ room, disabled }: { room: Room; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const { http, queryClient, navigation } = useServices();
  const ownId = useSession((state) => state.user?.id ?? null);
  // A deleted room's copy kept live in the background goes with it, and the user goes home.
  const leaveDeleted = () => {
    forgetRecentRoom(http, room.id);
    navigation.navigate(routes.home);
  };
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Room settings
      </Button>
      <RoomSettingsDialog
        http={http}
        queryClient={queryClient}
        room={room}
        ownId={ownId}
        open={open}
        onClose={() => setOpen(false)}
        onDeleted={leaveDeleted}
      />
    </>
  );
}
