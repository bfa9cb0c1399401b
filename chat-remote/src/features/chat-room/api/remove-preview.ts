import { type ApiError, type HttpClient, type Message, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import type { ChatStore } from '../model/chat-store';
import { messageUpdated } from '../model/state/message-changes';

/**
 * DELETE chatrooms/{id}/messages/{messageId}/preview: the message without its link preview (200). Its
 * author's, the room owner's or an administrator's, as for deleting the message.
 */
export function removePreview(http: HttpClient, roomId: number, messageId: number): Promise<Message> {
  return http.delete<Message>(`chatrooms/${roomId}/messages/${messageId}/preview`);
}

/**
 * Removes the preview and shows the message without it at once (MessageUpdated brings it to everyone else).
 * The settle notification says what happened, as for every mutation.
 */
export function useRemovePreview(roomId: number, store: ChatStore | null) {
  const { http } = useServices();
  return useMutation<{ message: string; updated: Message }, ApiError, number>({
    mutationFn: async (messageId) => ({
      message: 'Preview removed.',
      updated: await removePreview(http, roomId, messageId),
    }),
    onSuccess: ({ updated }) => store?.setState((state) => messageUpdated(state, updated, false)),
  });
}
