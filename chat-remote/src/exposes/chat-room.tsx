export { ChatRoom as default } from '../features/chat-room/chat-room';
// Reaches Echo through useEcho, which waits for its code (see RemoteModuleExports).
export const echoOnDemand = true;
// Opens direct messages (`ChatRoomProps.direct`): the shell opens one only in a chat remote that says so.
export const directMessages = true;
