import { joinedRoomId } from '@chat/shared';
import { Layout } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { RemoteSlot } from '../../federation/remote-slot';
import { AppHeader } from './app-header';

export function HomePage() {
  const [searchParams] = useSearchParams();
  const roomId = joinedRoomId(searchParams);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      {/* The side padding shrinks on a phone, where every pixel of a room's row counts. */}
      <Layout.Content
        style={{ padding: '24px clamp(8px, 4vw, 24px) 96px', maxWidth: 960, width: '100%', margin: '0 auto' }}
      >
        {roomId === null ? (
          <RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />
        ) : (
          <RemoteSlot key={roomId} id="chat/ChatRoom" label="chat room" props={{ roomId }} />
        )}
      </Layout.Content>
    </Layout>
  );
}
