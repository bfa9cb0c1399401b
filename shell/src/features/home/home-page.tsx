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
      <Layout.Content style={{ padding: '24px 24px 96px', maxWidth: 960, width: '100%', margin: '0 auto' }}>
        {roomId === null ? (
          <RemoteSlot id="rooms/RoomsPage" label="room list" props={{}} />
        ) : (
          <RemoteSlot key={roomId} id="chat/ChatRoom" label="chat room" props={{ roomId }} />
        )}
      </Layout.Content>
    </Layout>
  );
}
