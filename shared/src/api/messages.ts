import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http/create-http-client';
import { MESSAGES_PAGE_DEFAULT } from '../schemas/limits';
import type { Message, MessagesQuery } from '../schemas/message';
import { roomKeys } from './rooms';
import { treesAsked } from './trees-asked';

export { treesAsked } from './trees-asked';

/** GET chatrooms/{id}/messages: ascending ids; the newest page, or the page after/before a cursor. */
export function getMessages(http: HttpClient, roomId: number, query: MessagesQuery): Promise<Message[]> {
  return http.get<Message[]>(`chatrooms/${roomId}/messages`, { params: query });
}

/**
 * The newest page, which a chat room opens on. The shell preloads it with the room's route, so it loads
 * alongside the session check and the join; the room reads it once (see chat-remote's ChatRoom).
 */
export const openingPageQueryOptions = (http: HttpClient, roomId: number) =>
  queryOptions({
    queryKey: [...roomKeys.detail(roomId), 'opening-page'] as const,
    queryFn: () => getMessages(http, roomId, { limit: MESSAGES_PAGE_DEFAULT, ...treesAsked() }),
    retry: false,
  });
