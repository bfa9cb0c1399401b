import type { ComponentType } from 'react';
import type { RemoteName } from '../config/runtime-config';

export interface ChatRoomProps {
  roomId: number;
  /** Opened as a direct message (`/?dm=`): the shell passes it only to a module exporting `directMessages`. */
  direct?: boolean;
  /** Opened from 'Your rooms' (SWITCHED_ROOM): the user is a member, so it opens without the join call. */
  switched?: boolean;
}

/** Every module a remote exposes, by `remote/Module` id, with the props the shell passes it. */
export interface RemoteModules {
  'auth/LoginPage': ComponentType;
  'rooms/RoomsPage': ComponentType;
  /** The 'Your rooms' panel: the rooms and direct messages the user is in, beside the open one. */
  'rooms/YourRooms': ComponentType;
  'chat/ChatRoom': ComponentType<ChatRoomProps>;
}

export type RemoteModuleId = keyof RemoteModules;

/**
 * What an exposed module exports: the screen, and `echoOnDemand: true` from every build that reaches Echo
 * through `useEcho` and so copes with its code loading after the first render. A module without it
 * (release-2 and earlier) calls `services.echo()` as it renders: the shell loads Echo before it mounts one.
 */
export interface RemoteModuleExports<Id extends RemoteModuleId> {
  default: RemoteModules[Id];
  echoOnDemand?: true;
  /** The chat room opens direct messages (`ChatRoomProps.direct`); a chat remote before them lacks it. */
  directMessages?: true;
}

export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}
