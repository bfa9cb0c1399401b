import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/create-http-client';

/**
 * What the settings need from the app, passed in: this module is bundled into each remote that imports it, so
 * a services context of its own would be a copy, not the one the shell provides.
 */
export interface RoomSettingsDeps {
  http: HttpClient;
  queryClient: QueryClient;
}
