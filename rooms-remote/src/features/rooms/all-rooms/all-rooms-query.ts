import { type HttpClient, type Room, roomKeys } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';

/** Where the administrators' All rooms opens: the home page's room list, in its other view. */
export const ALL_ROOMS_VIEW = 'all-rooms';
export const allRoomsPath = `/?view=${ALL_ROOMS_VIEW}`;

/**
 * GET chatrooms?scope=all, administrators only: every room but direct messages, private ones included. Its key
 * sits under the room lists', so every room action that refreshes those (settings, members, archive, delete)
 * refreshes this one too.
 */
export const allRoomsQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: [...roomKeys.all, { scope: 'all' }] as const,
    queryFn: () => http.get<Room[]>('chatrooms', { params: { scope: 'all' } }),
  });
