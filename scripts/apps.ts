import { defaultPorts } from '@chat/shared/config-from-env';

export interface AppEntry {
  kind: 'shell' | 'remote';
  port: number;
  /** Environment variable that overrides the port. */
  portVariable: string;
}

/** The four front-end apps and where each is served by default. */
export const apps: Record<string, AppEntry> = {
  shell: { kind: 'shell', port: defaultPorts.shell, portVariable: 'SHELL_PORT' },
  'auth-remote': { kind: 'remote', port: defaultPorts.auth, portVariable: 'AUTH_REMOTE_PORT' },
  'rooms-remote': { kind: 'remote', port: defaultPorts.rooms, portVariable: 'ROOMS_REMOTE_PORT' },
  'chat-remote': { kind: 'remote', port: defaultPorts.chat, portVariable: 'CHAT_REMOTE_PORT' },
};
