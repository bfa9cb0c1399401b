import { CHAT_CHANNEL, MESSAGE_SENT_EVENT, type MessageSentEvent, useServices } from '@chat/shared';
import { useEffect } from 'react';

/**
 * While the room is open, listens on the private 'chatroom' channel and calls `onChange` for each
 * MessageSent of this room, and each time the subscription succeeds: the first time, and again after
 * every reconnect, when events sent in between were never delivered. Also when the browser comes back
 * online, in case the socket survived a short outage but its frames did not. Leaves the channel on close.
 */
export function useLiveMessages(roomId: number, onChange: () => void): void {
  const { echo } = useServices();
  useEffect(() => {
    const client = echo();
    const channel = client.private(CHAT_CHANNEL);
    // Echo cannot unbind a `subscribed` callback, and a channel left and rejoined at once (StrictMode)
    // is the same pusher channel: this flag keeps a closed view's callbacks silent.
    let open = true;
    const onMessage = (event: MessageSentEvent) => {
      if (open && event.room_id === roomId) onChange();
    };
    channel.listen(MESSAGE_SENT_EVENT, onMessage);
    channel.subscribed(() => {
      if (open) onChange();
    });
    window.addEventListener('online', onChange);
    return () => {
      open = false;
      window.removeEventListener('online', onChange);
      channel.stopListening(MESSAGE_SENT_EVENT, onMessage);
      client.leave(CHAT_CHANNEL);
    };
  }, [echo, roomId, onChange]);
}
