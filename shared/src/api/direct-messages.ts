import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http/create-http-client';
import type { Room, RoomMember } from '../schemas/room';

export const directMessageKeys = {
  all: ['direct-messages'] as const,
};

/** The caller's direct messages, newest activity first, without the ones they closed (until their next message). */
export const directMessagesQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: directMessageKeys.all, queryFn: () => http.get<Room[]>('direct-messages') });

/** `POST direct-messages`: the conversation with exactly these people, new (201) or the one they already have (200). */
export function startDirectMessage(http: HttpClient, usernames: readonly string[]): Promise<Room> {
  return http.post<Room>('direct-messages', { usernames });
}

/** `GET users?q=`: up to USER_SEARCH_MAX people whose username starts with `q`, case-insensitive. */
export function searchUsers(http: HttpClient, q: string): Promise<RoomMember[]> {
  return http.get<RoomMember[]>('users', { params: { q } });
}

// Bundled into each remote with this entry: a shell deployed before direct messages does not share it.
export { directMessageId } from '../rooms/joined-room-id';
