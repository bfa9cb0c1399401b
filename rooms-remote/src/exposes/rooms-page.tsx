export { RoomsPage as default } from '../features/rooms/rooms-page';
// Reaches Echo through useEcho, which waits for its code (see RemoteModuleExports).
export const echoOnDemand = true;
