import { type ApiError, type HttpClient, type Message, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import type { ChatStore } from '../model/chat-store';
import { messageUpdated } from '../model/state/message-changes';

/**
 * PATCH chatrooms/{id}/messages/{messageId}: the author's new text. A shell deployed before edits hands this
 * remote an http client without `patch`; the API takes PUT on the same path (as Laravel's resource routes
 * do), so the edit works in that shell too.
 */
export function editMessage(
  http: HttpClient,
  roomId: number,
  messageId: number,
  content: string,
): Promise<Message> {
  const url = `chatrooms/${roomId}/messages/${messageId}`;
  return http.patch ? http.patch<Message>(url, { content }) : http.put<Message>(url, { content });
}

/**
 * Saves an edit and shows it at once (the MessageUpdated event brings it to everyone else). Silent: a settle
 * notification per edit would be noise; `onFailed` says what went wrong, and the field stays open with the
 * text as typed.
 */
export function useEditMessage(roomId: number, store: ChatStore | null, onFailed: (error: ApiError) => void) {
  const { http } = useServices();
  return useMutation<Message, ApiError, { messageId: number; content: string }>({
    mutationFn: ({ messageId, content }) => editMessage(http, roomId, messageId, content),
    meta: { silent: true },
    onSuccess: (message) => store?.setState((state) => messageUpdated(state, message, false)),
    // Here rather than at the call: it is told even when the field was closed while the edit was saving.
    onError: onFailed,
  });
}
