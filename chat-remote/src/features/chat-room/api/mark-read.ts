import type { HttpClient, MarkReadPayload } from '@chat/shared';

/** POST chatrooms/{id}/read: the member's read position moves forward to `messageId` (204). */
export function markRead(http: HttpClient, roomId: number, messageId: number): Promise<void> {
  const payload: MarkReadPayload = { message_id: messageId };
  return http.post<void>(`chatrooms/${roomId}/read`, payload);
}
