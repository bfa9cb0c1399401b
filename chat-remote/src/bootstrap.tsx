import { startStandalone } from '@chat/shared';
import { ChatRoom } from './features/chat-room/chat-room';

void startStandalone(({ search }) => (
  <ChatRoom roomId={Number(new URLSearchParams(search).get('room') ?? 1)} />
));
