import type { HttpClient, SearchMessagesResponse } from '@chat/shared';

/** GET chatrooms/{id}/messages/search: newest first, the next (older) page by `next_before_id`. */
export function searchMessages(
  http: HttpClient,
  roomId: number,
  q: string,
  beforeId?: number | null,
): Promise<SearchMessagesResponse> {
  const params = beforeId ? { q, before_id: beforeId } : { q };
  return http.get<SearchMessagesResponse>(`chatrooms/${roomId}/messages/search`, { params });
}
