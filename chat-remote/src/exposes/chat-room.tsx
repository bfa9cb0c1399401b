export { ChatRoom as default } from '../features/chat-room/chat-room';
