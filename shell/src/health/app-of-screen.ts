import { routes } from '@chat/shared';
import type { ReportedApp } from './beacon-fields';

/**
 * Whose screen a Web Vital measured, by the page's route when it is reported: the sign-in screens are the auth
 * remote's, an open room or conversation (`?room=`, `?dm=`) the chat remote's, the home screen without one the
 * rooms remote's. A metric reported on page hide is charged to the screen the tab was left on.
 */
export function appOfScreen({ pathname, search }: Pick<Location, 'pathname' | 'search'>): ReportedApp {
  if (pathname.startsWith(routes.auth)) return 'auth';
  const query = new URLSearchParams(search);
  return query.has('room') || query.has('dm') ? 'chat' : 'rooms';
}
