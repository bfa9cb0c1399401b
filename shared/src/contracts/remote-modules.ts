import type { ComponentType } from 'react';
import type { RemoteName } from '../config/runtime-config';

export interface ChatRoomProps {
  roomId: number;
}

/** Every module a remote exposes, by `remote/Module` id, with the props the shell passes it. */
export interface RemoteModules {
  'auth/LoginPage': ComponentType;
  'rooms/RoomsPage': ComponentType;
  'chat/ChatRoom': ComponentType<ChatRoomProps>;
}

export type RemoteModuleId = keyof RemoteModules;

export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}
