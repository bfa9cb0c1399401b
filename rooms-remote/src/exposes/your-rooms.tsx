export { YourRooms as default } from '../features/rooms/your-rooms/your-rooms';
// Reaches Echo through useEcho, which waits for its code (see RemoteModuleExports).
export const echoOnDemand = true;
