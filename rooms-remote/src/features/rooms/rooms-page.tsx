import { JoinFailureAlert } from '@chat/shared';
import { Flex } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AllRooms } from './all-rooms/all-rooms';
import { ALL_ROOMS_VIEW, allRoomsPath } from './all-rooms/all-rooms-query';
import { useIsAdmin } from './all-rooms/use-is-admin';
import { ViewLink } from './all-rooms/view-link';
import { CreateRoomButton } from './create-room-button';
import { CreateRoomModal } from './create-room-modal';
import { RoomList } from './room-list';

export function RoomsPage() {
  const [creating, setCreating] = useState(false);
  const [params] = useSearchParams();
  const admin = useIsAdmin();

  // Anyone else asking for All rooms gets the room list: the view is the administrators' alone.
  if (admin && params.get('view') === ALL_ROOMS_VIEW) return <AllRooms />;
  return (
    <Flex vertical gap="middle">
      <JoinFailureAlert />
      <RoomList
        extra={
          <Flex gap="small" wrap>
            {admin && <ViewLink to={allRoomsPath}>All rooms</ViewLink>}
            <CreateRoomButton onClick={() => setCreating(true)} />
          </Flex>
        }
      />
      <CreateRoomModal open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
