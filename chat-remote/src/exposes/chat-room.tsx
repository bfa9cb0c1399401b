export { ChatRoom as default } from '../features/chat-room/chat-room';
// Reaches Echo through useEcho, which waits for its code (see RemoteModuleExports).
export const echoOnDemand = true;
