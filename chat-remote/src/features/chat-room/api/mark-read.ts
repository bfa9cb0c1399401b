import type { HttpClient, MarkReadPayload } from '@chat/shared';

/**
 * POST chatrooms/{id}/read: the member's read position moves forward to `messageId` (204). Sent with
 * `keepalive`, through fetch: a read sent as the page is hidden, reloaded or closed still reaches the server
 * (a beacon could not carry the Authorization and X-XSRF-TOKEN headers the shell's client adds). The shell's
 * client passes these options on to axios in every shell deployed so far.
 */
export function markRead(http: HttpClient, roomId: number, messageId: number): Promise<void> {
  const payload: MarkReadPayload = { message_id: messageId };
  return http.post<void>(`chatrooms/${roomId}/read`, payload, {
    adapter: 'fetch',
    fetchOptions: { keepalive: true },
  });
}
