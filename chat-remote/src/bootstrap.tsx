import { startStandalone } from '@chat/shared';
import { ChatRoom } from './features/chat-room/chat-room';
import { RoomPicker } from './standalone/room-picker';

startStandalone(({ search }) => {
  const roomId = Number(new URLSearchParams(search).get('room'));
  return roomId > 0 ? <ChatRoom key={roomId} roomId={roomId} /> : <RoomPicker />;
});
