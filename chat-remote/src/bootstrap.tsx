import { joinedRoomId, startStandalone } from '@chat/shared';
import { ChatRoom } from './features/chat-room/chat-room';
import { RoomPicker } from './standalone/room-picker';

startStandalone(({ search }) => {
  const roomId = joinedRoomId(search);
  return roomId !== null ? <ChatRoom key={roomId} roomId={roomId} /> : <RoomPicker />;
});
