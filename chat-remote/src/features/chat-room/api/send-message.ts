import { type ApiError, type HttpClient, type Message, useServices } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import { emojifyShortcodes } from '../emoji/emojify-shortcodes';

export interface SendJob {
  clientMsgId: string;
  content: string;
  file: File | null;
  /** The message it answers, if any. */
  replyToId: number | null;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  /** The text as it is sent, when it differs from what was typed (`:tada:` became 🎉). */
  onContent?: (content: string) => void;
}

/**
 * POST chatrooms/{id}/messages: JSON for text (`:tada:` sent as 🎉), multipart for an image. The server
 * answers a repeated client_msg_id with the message it already stored, so sending again is always safe.
 */
export async function sendMessage(http: HttpClient, roomId: number, job: SendJob): Promise<Message> {
  const url = `chatrooms/${roomId}/messages`;
  if (!job.file) {
    const reply = job.replyToId === null ? {} : { reply_to_id: job.replyToId };
    // Here, in the room's one-at-a-time queue, so a message waiting for the shortcodes keeps its place.
    const content = await emojifyShortcodes(job.content);
    if (content !== job.content) job.onContent?.(content);
    return http.post<Message>(
      url,
      { content, client_msg_id: job.clientMsgId, ...reply },
      { signal: job.signal },
    );
  }
  const form = new FormData();
  form.append('attachment', job.file);
  form.append('content', '');
  form.append('client_msg_id', job.clientMsgId);
  if (job.replyToId !== null) form.append('reply_to_id', String(job.replyToId));
  return http.post<Message>(url, form, {
    signal: job.signal,
    onUploadProgress: (event) =>
      job.onProgress(event.progress ?? (event.total ? event.loaded / event.total : 0)),
  });
}

export interface SendCallbacks {
  onSent: (message: Message, job: SendJob) => void;
  onFailed: (error: ApiError, job: SendJob) => void;
}

/**
 * Sends run one at a time per room, in the order written, so the server's ids keep that order.
 * Silent: the message row itself shows pending, failed and sent; a toast per message would be noise.
 * `networkMode: 'always'` so an offline send fails visibly (with Retry) instead of waiting unseen.
 */
export function useSendMessage(roomId: number, { onSent, onFailed }: SendCallbacks) {
  const { http } = useServices();
  return useMutation<Message, ApiError, SendJob>({
    mutationFn: (job) => sendMessage(http, roomId, job),
    scope: { id: `chat-room-${roomId}-send` },
    networkMode: 'always',
    meta: { silent: true },
    onSuccess: onSent,
    onError: onFailed,
  });
}
