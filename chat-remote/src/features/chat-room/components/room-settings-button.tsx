import type { Room } from '@chat/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { RoomSettingsDialog } from './room-settings-dialog';

/** 'Room settings' in the header of a room the user owns. */
export function RoomSettingsButton({ room, disabled }: { room: Room; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Room settings
      </Button>
      <RoomSettingsDialog room={room} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
