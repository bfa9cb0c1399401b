import { routes, useServices, useSession } from '@chat/shared';
import { RoomSettingsDialog } from '@chat/shared/room-settings';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { RoomsQueryState } from '../rooms-query-state';
import { AllRoomRow } from './all-room-row';
import { allRoomsQueryOptions } from './all-rooms-query';
import { ViewLink } from './view-link';

/**
 * 'All rooms', a site administrator's: every room, private ones they are not in included (never a direct
 * message), each with the owner's 'Room settings'.
 */
export function AllRooms() {
  const { http, queryClient } = useServices();
  const ownId = useSession((state) => state.user?.id ?? null);
  const rooms = useQuery(allRoomsQueryOptions(http));
  const [settingsOf, setSettingsOf] = useState<number | null>(null);
  // The dialog follows the list's fresh copy (a rename, an archive), and goes when the room does.
  const selected = rooms.data?.find((room) => room.id === settingsOf);

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          All rooms
        </Typography.Title>
      }
      extra={<ViewLink to={routes.home}>Room Lists</ViewLink>}
    >
      <RoomsQueryState rooms={rooms}>
        {(list) => (
          <ul aria-label="All rooms" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((room) => (
              <li key={room.id} aria-label={room.name} style={{ padding: '8px 0' }}>
                <AllRoomRow room={room} onSettings={() => setSettingsOf(room.id)} />
              </li>
            ))}
          </ul>
        )}
      </RoomsQueryState>
      {selected && (
        <RoomSettingsDialog
          http={http}
          queryClient={queryClient}
          room={selected}
          ownId={ownId}
          open
          onClose={() => setSettingsOf(null)}
          onDeleted={() => setSettingsOf(null)}
        />
      )}
    </Card>
  );
}
