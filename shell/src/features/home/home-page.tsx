import { joinedRoomId } from '@chat/shared';
import { isSwitchedRoom } from '@chat/shared/constants';
import { directMessageId } from '@chat/shared/direct-messages';
import { leverOn } from '@chat/shared/perf-levers';
import { Layout } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { RemoteSlot } from '../../federation/remote-slot';
import { AppHeader } from './app-header';
import { BackToRoomsButton } from './back-to-rooms-button';
import { DirectMessagesUnavailable } from './direct-messages-unavailable';
import { roomsPanelShown, WIDE } from './rooms-panel-shown';
import { useMediaQuery } from './use-media-query';
import './home-layout.css';

/**
 * The room list, or the open room or direct message, with 'Your rooms' (rooms-remote) beside it: two remotes
 * on one screen, each in its own slot, so either one failing leaves the other working.
 */
export function HomePage() {
  const [searchParams] = useSearchParams();
  const roomId = joinedRoomId(searchParams);
  const directId = roomId === null ? directMessageId(searchParams) : null;
  const open = roomId !== null || directId !== null;
  const switched = isSwitchedRoom(useLocation().state);
  // On a phone an open room hides the panel (home-layout.css): it is not mounted then, so it costs nothing.
  const wide = useMediaQuery(WIDE);
  const panel = leverOn('rooms-panel') && roomsPanelShown(open, wide);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      {/* The side padding shrinks on a phone, where every pixel of a room's row counts. */}
      <Layout.Content
        style={{
          padding: '24px clamp(8px, 4vw, 24px) 96px',
          maxWidth: 1240,
          width: '100%',
          margin: '0 auto',
        }}
      >
        <div className="home-columns" data-room-open={open}>
          {panel && (
            <aside className="home-your-rooms">
              <RemoteSlot id="rooms/YourRooms" label="list of your rooms" compact optional props={{}} />
            </aside>
          )}
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 8, minWidth: 0 }}>
            {open && <BackToRoomsButton />}
            {roomId !== null && (
              <RemoteSlot key={roomId} id="chat/ChatRoom" label="chat room" props={{ roomId, switched }} />
            )}
            {directId !== null && (
              <RemoteSlot
                key={`direct-${directId}`}
                id="chat/ChatRoom"
                label="chat room"
                props={{ roomId: directId, direct: true, switched }}
                requires="directMessages"
                unsupported={<DirectMessagesUnavailable />}
              />
            )}
            {!open && <RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />}
          </div>
        </div>
      </Layout.Content>
    </Layout>
  );
}
