import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import type { ApiClient, Session } from './api';

/** The three first screens a visitor can land on, and what shows that each one is there. */
export interface Scene {
  name: string;
  path: string;
  signedIn: boolean;
  /** Resolves once the screen shows what the spec says it shows. */
  ready(page: Page): Promise<void>;
  /** The remote that draws it. */
  remote: 'auth-remote' | 'rooms-remote' | 'chat-remote';
}

export interface SceneSetup {
  session: Session;
  scenes: Scene[];
}

/** A user who is a member of one room with a few messages, so every screen has something to draw. */
export async function setUpScenes(client: ApiClient): Promise<SceneSetup> {
  const session = await client.newSession('first-load');
  const room = await client.createRoom(session, 'First load');
  for (let i = 1; i <= 3; i++) await client.send(session, room.id, `first-load message ${i}`);
  return {
    session,
    scenes: [
      {
        name: routes.login,
        path: routes.login,
        signedIn: false,
        remote: 'auth-remote',
        ready: (page) => page.getByRole('heading', { name: 'Welcome' }).waitFor(),
      },
      {
        name: routes.home,
        path: routes.home,
        signedIn: true,
        remote: 'rooms-remote',
        ready: (page) => page.getByText('Room Lists').first().waitFor(),
      },
      {
        name: 'in a room',
        path: routes.room(room.id),
        signedIn: true,
        remote: 'chat-remote',
        ready: (page) => page.getByText('first-load message 3').waitFor(),
      },
    ],
  };
}
