import type { HttpClient, Message, MessagesQuery } from '@chat/shared';

/** GET chatrooms/{id}/messages: ascending ids; the newest page, or the page after/before a cursor. */
export function getMessages(http: HttpClient, roomId: number, query: MessagesQuery): Promise<Message[]> {
  return http.get<Message[]>(`chatrooms/${roomId}/messages`, { params: query });
}
